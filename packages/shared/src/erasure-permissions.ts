/** Who may erase a number's personal data (DESIGN.md §29): the desk's own rules are in permissions.ts. */
import type { Viewer } from './permissions.ts';

/**
 * Admins only: erasure rewrites every ticket, comment and account of a number and cannot be undone.
 * No API client may (no scope grants it; signed-in.ts refuses a route that names none).
 */
export function canEraseNumber(viewer: Pick<Viewer, 'role'>): boolean {
  return viewer.role === 'admin';
}
