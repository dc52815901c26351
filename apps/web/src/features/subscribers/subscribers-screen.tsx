import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { SUBSCRIBER_SEARCH_MAX_LENGTH, SUBSCRIBERS_PAGE_SIZE } from '@switchboard/shared';
import { useCallback, useState, type FormEvent } from 'react';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useAreas, useSubscriberSearch } from './api/subscribers.ts';
import { ImportPanel } from './import-panel.tsx';
import { subscribersMessages } from './messages.ts';
import { SubscriberTable } from './subscriber-table.tsx';

/**
 * /subscribers?q=&area=&page= (admins, DESIGN.md §23): import the billing system's CSV with its
 * progress and report, and search the directory by part of a number or name, of one area.
 */
export function SubscribersScreen() {
  const t = useMessages(subscribersMessages);
  const search = useSearch({ from: '/signed-in/subscribers' });
  const navigate = useNavigate();
  const list = useSubscriberSearch(search.q ?? '', search.area ?? '', search.page);
  const goToPage = useCallback(
    (page: number, replace?: boolean) =>
      void navigate({ to: '/subscribers', search: (previous) => ({ ...previous, page }), replace }),
    [navigate],
  );

  return (
    <Stack gap="lg">
      <PagedListScreen
        title={t('title')}
        intro={t('intro')}
        filters={<SearchForm key={`${search.q ?? ''}|${search.area ?? ''}`} q={search.q ?? ''} area={search.area ?? ''} />}
        read={list}
        loadingText={t('loading')}
        failedText={t('failed')}
        emptyText={t('empty')}
        empty={(list.data?.data.length ?? 0) === 0}
        page={search.page}
        total={list.data?.total ?? 0}
        pageSize={SUBSCRIBERS_PAGE_SIZE}
        onPageChange={goToPage}
      >
        <SubscriberTable subscribers={list.data?.data ?? []} />
      </PagedListScreen>
      <ImportPanel />
    </Stack>
  );
}

/** The search text and the area; Search (or Enter) puts them in the URL, from page 1. */
function SearchForm({ q, area }: { q: string; area: string }) {
  const t = useMessages(subscribersMessages);
  const navigate = useNavigate();
  const areas = useAreas();
  const [text, setText] = useState(q);
  const [chosenArea, setChosenArea] = useState(area);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    void navigate({
      to: '/subscribers',
      search: { page: 1, ...(trimmed ? { q: trimmed } : {}), ...(chosenArea ? { area: chosenArea } : {}) },
    });
  };
  const options = [
    { value: '', label: t('anyArea') },
    ...(areas.data?.data ?? []).map((item) => ({ value: item.code, label: `${item.code} · ${item.name_en}` })),
  ];
  return (
    <form onSubmit={submit} role="search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={SUBSCRIBER_SEARCH_MAX_LENGTH}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: '2 1 220px', minWidth: 0 }}
        />
        <NativeSelect
          label={t('areaFilter')}
          data={options}
          value={chosenArea}
          onChange={(event) => setChosenArea(event.currentTarget.value)}
          style={{ flex: '1 1 180px', minWidth: 0 }}
        />
        <Button type="submit">{t('search')}</Button>
      </Group>
    </form>
  );
}
