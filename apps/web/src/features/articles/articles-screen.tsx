import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { ARTICLE_SEARCH_MAX_LENGTH, articleTitle, type ArticleSummary } from '@switchboard/shared';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { useArticle, useArticles, useDeleteArticle } from '../../entities/articles.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { articleMessages } from './messages.ts';

// The editor (its tabs, its group and subgroup pickers) loads when first opened: the list stays within its budget.
const ArticleEditor = lazy(async () => ({ default: (await import('./article-editor.tsx')).ArticleEditor }));

/** The editor of a stored article, once its bodies are read (the list carries titles only). */
function StoredArticleEditor({ slug, onClose }: { slug: string; onClose: () => void }) {
  const article = useArticle(slug);
  if (!article.data) return null;
  return <ArticleEditor article={article.data.data} onClose={onClose} />;
}

/** /articles?q=&page=: every help article for staff, drafts and internal ones too; write, edit, delete. */
export function ArticlesScreen() {
  const search = useSearch({ from: '/signed-in/articles' });
  const t = useMessages(articleMessages);
  const navigate = useNavigate();
  const lang = currentLanguage();
  const [typed, setTyped] = useState(search.q ?? '');
  // The slug of the article being edited, or `true` while a new one is written.
  const [editing, setEditing] = useState<string | true | null>(null);
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);
  const list = useArticles(search.q ?? '', search.page);
  const remove = useDeleteArticle();
  const rows = list.data?.data ?? [];

  const searchFor = useDebouncedCallback((q: string) => {
    void navigate({ to: '/articles', search: { ...(q.trim() ? { q: q.trim() } : {}), page: 1 } });
  }, 300);
  const goToPage = useCallback(
    (page: number, replace?: boolean) =>
      void navigate({ to: '/articles', search: (previous) => ({ ...previous, page }), replace }),
    [navigate],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('deleteDone') });
        setDeleting(null);
      },
    });
  };

  return (
    <PagedListScreen
      title={t('title')}
      intro={t('intro')}
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(true)}>
          {t('create')}
        </Button>
      }
      filters={
        <TextInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={typed}
          maxLength={ARTICLE_SEARCH_MAX_LENGTH}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchFor(event.currentTarget.value);
          }}
          maw={420}
        />
      }
      read={list}
      loadingText={t('loading')}
      emptyText={search.q ? t('noMatch') : t('empty')}
      empty={rows.length === 0}
      page={search.page}
      total={list.data?.total ?? 0}
      onPageChange={goToPage}
      after={
        <>
          <Suspense fallback={null}>
            {editing === true && <ArticleEditor article={null} onClose={() => setEditing(null)} />}
            {typeof editing === 'string' && <StoredArticleEditor slug={editing} onClose={() => setEditing(null)} />}
          </Suspense>
          <ConfirmDialog
            opened={deleting !== null}
            title={t('deleteTitle')}
            body={t('deleteBody', { title: deleting ? articleTitle(deleting, lang) : '' })}
            loading={remove.isPending}
            error={remove.isError ? errorMessage(remove.error) : null}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
          />
        </>
      }
    >
      <ListTable
        minWidth={340}
        head={
          <>
            <Table.Th>{t('columnTitle')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('columnAddress')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('columnState')}</Table.Th>
            <Table.Th>{t('columnActions')}</Table.Th>
          </>
        }
      >
        {rows.map((article) => {
          const title = articleTitle(article, lang);
          return (
            <Table.Tr key={article.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {title}
                </Text>
                {/* On a phone the state goes under the title: a narrow column cuts badges short. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {article.visibility === 'public' ? t('public') : t('internal')} ·{' '}
                  {article.published ? t('published') : t('draft')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" ff="monospace">
                  {article.slug}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Group gap={4}>
                  <Badge variant="light" color={article.visibility === 'public' ? 'blue' : 'gray'}>
                    {article.visibility === 'public' ? t('public') : t('internal')}
                  </Badge>
                  <Badge variant="light" color={article.published ? 'green' : 'yellow'}>
                    {article.published ? t('published') : t('draft')}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(article.slug)}
                    aria-label={t('editArticle', { title })}
                  >
                    {t('edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => {
                      remove.reset();
                      setDeleting(article);
                    }}
                    aria-label={t('deleteArticle', { title })}
                  >
                    {t('delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
    </PagedListScreen>
  );
}
