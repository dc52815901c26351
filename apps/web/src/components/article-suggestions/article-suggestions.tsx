import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { ARTICLE_SEARCH_MAX_LENGTH, articleTitle } from '@switchboard/shared';
import { useEffect, useRef } from 'react';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { sendArticleHelped, usePublicArticles } from '../../entities/articles.ts';
import { articleSuggestionMessages } from './messages.ts';

/** Shown at most: the best matches (titles first). */
const SHOWN = 3;

/**
 * Published public articles matching the title as it is typed (after a pause). Each opens in a new
 * tab, so the form keeps everything typed. The reports-avoided rule (docs/features.md): an article
 * opened here counts once when the page is left without a submit; a submit cancels the count.
 */
export default function ArticleSuggestions({ title, submitting }: { title: string; submitting: boolean }) {
  const t = useMessages(articleSuggestionMessages);
  const lang = currentLanguage();
  const [settled] = useDebouncedValue(title.trim().slice(0, ARTICLE_SEARCH_MAX_LENGTH), 400);
  const list = usePublicArticles(settled, 1, settled.length >= 3);
  const opened = useRef(new Set<string>());

  useEffect(() => {
    if (submitting) opened.current.clear();
  }, [submitting]);

  useEffect(() => {
    const left = () => {
      for (const id of opened.current) sendArticleHelped(id);
      opened.current.clear();
    };
    window.addEventListener('pagehide', left);
    return () => window.removeEventListener('pagehide', left);
  }, []);

  const rows = (list.data?.data ?? []).slice(0, SHOWN);
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-blue-light)" aria-live="polite">
      <Text fw={600} size="sm" mb={4} id="article-suggestions-title">
        {t('suggestionsTitle')}
      </Text>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="article-suggestions-title">
        {rows.map((article) => {
          const name = articleTitle(article, lang);
          return (
            <li key={article.id}>
              <Anchor
                href={`/help/${article.slug}?lang=${lang}`}
                target="_blank"
                rel="noopener"
                size="sm"
                aria-label={t('suggestionOpens', { title: name })}
                onClick={() => opened.current.add(article.id)}
              >
                {name} <IconExternalLink size={12} aria-hidden />
              </Anchor>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
