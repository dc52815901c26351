/**
 * Who may read and write help articles (DESIGN.md §28). Staff write them and read every one;
 * everybody else (customers, agents, visitors without a login) reads published public ones only.
 */
import { isStaff, type Viewer } from './permissions.ts';

/** Writing, previewing and deleting articles is staff's. */
export function canWriteArticles(viewer: Pick<Viewer, 'user_type'>): boolean {
  return isStaff(viewer);
}

/** Staff read drafts and internal articles too; `null` is a visitor without a login. */
export function canReadAllArticles(viewer: Pick<Viewer, 'user_type'> | null): boolean {
  return viewer !== null && isStaff(viewer);
}

/** Whether the viewer may read this article: an unreadable one is answered as a missing one. */
export function canReadArticle(
  viewer: Pick<Viewer, 'user_type'> | null,
  article: { visibility: 'public' | 'internal'; published: boolean },
): boolean {
  return canReadAllArticles(viewer) || (article.visibility === 'public' && article.published);
}
