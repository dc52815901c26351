import { Anchor, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { ARTICLE_SEARCH_MAX_LENGTH, articleTitle, PAGE_SIZE } from '@switchboard/shared';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { PublicPageShell } from '../../components/public-page-shell.tsx';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { usePublicArticles } from '../../entities/articles.ts';
import { HelpHeaderLinks } from './help-links.tsx';
import { helpMessages } from './messages.ts';

/** /help?q=: the published public articles, searched in either language; anybody, no sign-in. */
export function HelpScreen() {
  const t = useMessages(helpMessages);
  const search = useSearch({ from: '/help' });
  const navigate = useNavigate();
  const lang = currentLanguage();
  const [typed, setTyped] = useState(search.q ?? '');
  const page = search.page;
  const list = usePublicArticles(search.q ?? '', page);
  const rows = list.data?.data ?? [];
  const searchFor = useDebouncedCallback((q: string) => {
    void navigate({ to: '/help', search: { ...(q.trim() ? { q: q.trim() } : {}), page: 1 }, replace: true });
  }, 300);

  return (
    <PublicPageShell aside={<HelpHeaderLinks />}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            {t('pageTitle')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('intro')}
          </Text>
        </div>
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={typed}
          type="search"
          maxLength={ARTICLE_SEARCH_MAX_LENGTH}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchFor(event.currentTarget.value);
          }}
        />
        {list.isPending ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : rows.length === 0 ? (
          <Text>{search.q ? t('noMatch') : t('empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((article) => (
              <li key={article.id}>
                <Anchor fw={500} renderRoot={(props) => <Link to="/help/$slug" params={{ slug: article.slug }} {...props} />}>
                  {articleTitle(article, lang)}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
        {(list.data?.total ?? 0) > PAGE_SIZE && (
          <PaginationFooter
            page={page}
            total={list.data?.total ?? 0}
            onPageChange={(next) => void navigate({ to: '/help', search: (previous) => ({ ...previous, page: next }) })}
          />
        )}
      </Stack>
    </PublicPageShell>
  );
}
