/** The help articles API (DESIGN.md §28) as the staff screen, the help pages and the suggestions use it. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArticleInput, ArticleListReply, ArticlePreviewReply, ArticleReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

const articlesKey = ['articles'] as const;

/** One page of the articles the viewer may read; `q` searches titles and bodies in both languages. */
export function useArticles(q: string, page: number, enabled = true) {
  return useQuery({
    queryKey: [...articlesKey, 'list', q, page],
    queryFn: ({ signal }) => apiRequest<ArticleListReply>('/articles', { query: { q, page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One article by its slug, its bodies rendered by the server. */
export function useArticle(slug: string | null) {
  return useQuery({
    queryKey: [...articlesKey, 'one', slug],
    queryFn: ({ signal }) => apiRequest<ArticleReply>(`/articles/${encodeURIComponent(slug ?? '')}`, { signal }),
    enabled: slug !== null,
  });
}

/** The editor's preview of one body, rendered by the server's own renderer. */
export function useArticlePreview(markdown: string) {
  return useQuery({
    queryKey: [...articlesKey, 'preview', markdown],
    queryFn: ({ signal }) => apiRequest<ArticlePreviewReply>('/articles/preview', { method: 'POST', body: { markdown }, signal }),
    enabled: markdown.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** Creates (no id) or changes (an id) an article; every list is read again afterwards. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ArticleInput }) =>
      apiRequest<ArticleReply>(id ? `/articles/${id}` : '/articles', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articlesKey }),
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(`/articles/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articlesKey }),
  });
}

/**
 * Reads as a visitor (no token), so that a signed-in member of staff sees in the suggestions and
 * in the reply picker exactly what customers see, never a draft or an internal article.
 */
export function usePublicArticles(q: string, page: number, enabled = true) {
  return useQuery({
    queryKey: ['help', 'list', q, page],
    queryFn: ({ signal }) => apiRequest<ArticleListReply>('/articles', { query: { q, page }, signal, anonymous: true }),
    placeholderData: keepPreviousData,
    enabled,
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
