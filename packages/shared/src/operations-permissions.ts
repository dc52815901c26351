/**
 * Who may use the operations features (DESIGN.md §29): erasure and the retention notice. The desk's
 * own rules are in permissions.ts.
 */
import { isStaff, type Viewer } from './permissions.ts';

/**
 * Admins only: erasure rewrites every ticket, comment and account of a number and cannot be undone.
 * No API client may (no scope grants it; signed-in.ts refuses a route that names none).
 */
export function canEraseNumber(viewer: Pick<Viewer, 'role'>): boolean {
  return viewer.role === 'admin';
}

/** How long closed tickets are kept: staff, who read the dashboard and the reports it affects. */
export function canSeeRetention(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}
