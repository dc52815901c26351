/**
 * A form is its endpoint's schema: the form parses what it would send with the same zod object the
 * route parses, so every limit and pattern (and its message) reaches the form from one place.
 * Only types come from zod here; the schemas themselves come from the shared package.
 */
import type { z } from 'zod';
import { translateMessageRef } from './schema-messages.ts';

/** Field errors keyed by the schema path (`title`, `sub_groups.0.sub_group_bn`, ...); the first message wins. */
export type FieldErrors = Partial<Record<string, string>>;

export type Validated<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** Parses a form's body with its endpoint's schema: the parsed body, or the schema's message per field. */
export function validateWith<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, body: result.data };
  return { ok: false, errors: fieldErrorsOf(result.error.issues) };
}

/** The errors of a body that parsed; an empty object when it is valid. */
export function errorsOf<T>(validated: Validated<T>): FieldErrors {
  return validated.ok ? {} : validated.errors;
}

function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= translateMessageRef(issue.message);
  return errors;
}
