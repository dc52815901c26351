/**
 * The help pages' reads (DESIGN.md §28): always as a visitor (no token), so that a signed-in
 * member of staff sees on /help exactly what customers see, never a draft or an internal article.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArticleListReply, ArticleReply } from '@switchboard/shared';
import { apiRequest } from '../../lib/api-client.ts';

export function usePublicArticles(q: string, page: number, enabled = true) {
  return useQuery({
    queryKey: ['help', 'list', q, page],
    queryFn: ({ signal }) => apiRequest<ArticleListReply>('/articles', { query: { q, page }, signal, anonymous: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePublicArticle(slug: string) {
  return useQuery({
    queryKey: ['help', 'one', slug],
    queryFn: ({ signal }) => apiRequest<ArticleReply>(`/articles/${encodeURIComponent(slug)}`, { signal, anonymous: true }),
    retry: false,
  });
}

/**
 * A report avoided (DESIGN.md §28): said once by the browser, on leaving the form, for each
 * article opened from the suggestions when the form was not submitted. Best effort: a beacon.
 */
export function sendArticleHelped(articleId: string): void {
  const url = `/api/v1/articles/${encodeURIComponent(articleId)}/helped`;
  if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(url);
  else void fetch(url, { method: 'POST', keepalive: true }).catch(() => undefined);
}
