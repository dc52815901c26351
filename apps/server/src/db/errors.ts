/** Errors of the database that several repositories' callers tell apart. */

/** PostgreSQL unique violation: a concurrent request took the same number or name first. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** PostgreSQL foreign key violation: the row names another that does not exist (any more). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
