/**
 * "These may help" under a ticket form's title (DESIGN.md §28). Nothing is loaded until the title
 * has ARTICLE_SEARCH_MIN_LENGTH characters: the suggestions are a chunk of their own, so that the
 * forms stay within their script budgets.
 */
import { lazy, Suspense } from 'react';

const ArticleSuggestions = lazy(() => import('./article-suggestions.tsx'));
/** As ARTICLE_SEARCH_MIN_LENGTH; written here so that the forms do not load the articles' schemas. */
const MIN_LENGTH = 3;

export function SuggestionsSlot({ title, submitting }: { title: string; submitting: boolean }) {
  if (title.trim().length < MIN_LENGTH) return null;
  return (
    <Suspense fallback={null}>
      <ArticleSuggestions title={title} submitting={submitting} />
    </Suspense>
  );
}
