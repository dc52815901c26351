import { Loader, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { ARTICLE_SEARCH_MAX_LENGTH, articleTitle } from '@switchboard/shared';
import { useState } from 'react';
import { usePublicArticles } from '../../../entities/articles.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { articleLinkText } from '../insert-text.ts';
import { ticketViewMessages } from '../messages.ts';

export interface ArticleLinkListProps {
  /** The reader's language: the title inserted is in it. */
  language: string;
  /** Receives the article's title and the address of its public page. */
  onInsert: (text: string) => void;
}

/**
 * The help articles of "Insert reply": a search over the published public articles, read as a
 * visitor, and one click to insert an article's title and public address. Internal articles are
 * never offered, not even for an internal note: their address is a 404 page for every reader
 * (staff read them in the editor), so a link to one would lead nowhere.
 */
export function ArticleLinkList({ language, onInsert }: ArticleLinkListProps) {
  const t = useMessages(ticketViewMessages);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const list = usePublicArticles(q, 1);
  const rows = list.data?.data ?? [];

  return (
    <Stack gap="xs" role="group" aria-label={t('articlePickerLabel')}>
      <TextInput
        aria-label={t('articlePickerSearch')}
        placeholder={t('articlePickerSearch')}
        leftSection={<IconSearch size={14} />}
        value={search}
        maxLength={ARTICLE_SEARCH_MAX_LENGTH}
        onChange={(event) => setSearch(event.currentTarget.value)}
        size="xs"
        data-autofocus
      />
      <Text size="xs" c="dimmed">
        {t('articlePickerHint')}
      </Text>
      {list.isPending ? (
        <Loader size="xs" aria-label={t('articlePickerLoading')} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {t('articlePickerNone')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={280}>
          {rows.map((article) => (
            <NavLink
              key={article.id}
              component="button"
              type="button"
              label={articleTitle(article, language)}
              description={`/help/${article.slug}`}
              onClick={() => onInsert(articleLinkText(articleTitle(article, language), article.slug, window.location.origin))}
            />
          ))}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
