import { Button, Code, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { AUDIT_ACTIONS, AUDIT_TARGET_MAX_LENGTH, type AuditAction, type AuditListItem } from '@switchboard/shared';
import { ListTable } from '../../components/list-table.tsx';
import { DateRangeInputs } from '../../components/date-range-inputs.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { formatDisplayDateTime, todayIn } from '../../lib/dates.ts';
import { useMessages, type Translate } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useUserLookup } from '../../entities/users.ts';
import { useAuditPage } from './api/audit.ts';
import { validateAuditSearch, type AuditFilters } from './audit-search.ts';
import { auditMessages } from './messages.ts';

type AuditTranslate = Translate<keyof typeof auditMessages.english>;

/** Details as short `key: value` pairs (ids, counts, fields changed; never text a person wrote). */
function detailsText(details: AuditListItem['details'], t: AuditTranslate): string {
  if (!details) return t('noValue');
  const pairs = Object.entries(details).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  return pairs.length > 0 ? pairs.join(', ') : t('noValue');
}

/** An action in words; one this version does not know shows as the server named it. */
function actionLabel(action: string, t: AuditTranslate): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`action.${action as AuditAction}`) : action;
}

function ActorFilter({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const t = useMessages(auditMessages);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const lookup = useUserLookup(debounced);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (lookup.data ?? []).map((user) => ({ value: user._id, label: `${user.name} (${user.product_number})` }));
  // The chosen person stays an option while the search shows others.
  const data = chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
  return (
    <Select
      label={t('actor')}
      placeholder={t('actorPlaceholder')}
      data={data}
      value={value ?? null}
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={debounced.trim() ? t('empty') : undefined}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id ?? undefined);
      }}
    />
  );
}

function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (change: Partial<AuditFilters>) => void }) {
  const t = useMessages(auditMessages);
  const actionOptions = AUDIT_ACTIONS.map((action) => ({ value: action, label: `${actionLabel(action, t)} (${action})` }));
  const today = todayIn(useProviderTimeZone());
  const [target, setTarget] = useState(filters.target ?? '');
  const [debouncedTarget] = useDebouncedValue(target, 400);
  const typedTarget = debouncedTarget.trim() || undefined;
  // The target the address holds as far as this box knows: what it last sent or last followed.
  const known = useRef(filters.target);
  useEffect(() => {
    // The address moved without this box (Clear filters, Back): the box follows it.
    if (filters.target === known.current) return;
    known.current = filters.target;
    setTarget(filters.target ?? '');
  }, [filters.target]);
  useEffect(() => {
    if (typedTarget === known.current) return;
    known.current = typedTarget;
    onChange({ target: typedTarget });
  }, [typedTarget, onChange]);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" role="search" aria-label={t('filtersLabel')}>
      <Select<AuditAction>
        label={t('action')}
        placeholder={t('any')}
        data={actionOptions}
        value={filters.action ?? null}
        onChange={(value) => onChange({ action: value ?? undefined })}
        searchable
        clearable
      />
      <ActorFilter value={filters.actor_id} onChange={(actor_id) => onChange({ actor_id })} />
      <TextInput
        label={t('target')}
        placeholder={t('targetPlaceholder')}
        value={target}
        maxLength={AUDIT_TARGET_MAX_LENGTH}
        onChange={(event) => setTarget(event.currentTarget.value)}
      />
      <DateRangeInputs value={filters} today={today} startLabel={t('startDate')} endLabel={t('endDate')} onChange={onChange} />
    </SimpleGrid>
  );
}

function AuditCard({ row, timeZone }: { row: AuditListItem; timeZone: string | undefined }) {
  const t = useMessages(auditMessages);
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {actionLabel(row.action, t)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDisplayDateTime(row.at, timeZone)}
        </Text>
      </Group>
      <Text size="sm">
        {row.actor_name ?? t('nobody')} · {row.target ?? t('noValue')} · {row.ip ?? t('noValue')}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {detailsText(row.details, t)}
      </Text>
    </Paper>
  );
}

function AuditTable({ rows, timeZone }: { rows: AuditListItem[]; timeZone: string | undefined }) {
  const t = useMessages(auditMessages);
  return (
    <ListTable
      minWidth={900}
      highlightOnHover
      radius="md"
      head={
        <>
          <Table.Th w={190}>{t('time')}</Table.Th>
          <Table.Th w={170}>{t('actor')}</Table.Th>
          <Table.Th w={200}>{t('action')}</Table.Th>
          <Table.Th w={150}>{t('target')}</Table.Th>
          <Table.Th w={130}>{t('ip')}</Table.Th>
          <Table.Th>{t('details')}</Table.Th>
        </>
      }
    >
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>{formatDisplayDateTime(row.at, timeZone)}</Table.Td>
          <Table.Td>{row.actor_name ?? t('nobody')}</Table.Td>
          <Table.Td>
            <Text size="sm">{actionLabel(row.action, t)}</Text>
            <Code>{row.action}</Code>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.target ?? t('noValue')}</Table.Td>
          <Table.Td>{row.ip ?? t('noValue')}</Table.Td>
          <Table.Td>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {detailsText(row.details, t)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** /audit: the audit trail, filtered, 10 rows a page (admins). */
export function AuditScreen() {
  const t = useMessages(auditMessages);
  const timeZone = useProviderTimeZone();
  // A phone gets cards: six columns do not fit 390 pixels.
  const small = useMediaQuery('(max-width: 48em)');
  // The router merges the URL's other keys into a route's search: only what validateAuditSearch keeps is asked for.
  const { page = 1, ...filters } = useSearch({
    from: '/signed-in/audit',
    select: (search) => validateAuditSearch({ ...search }),
  });
  const navigate = useNavigate();
  // Remounting the filters clears their own typed text too.
  const [filtersKey, setFiltersKey] = useState(0);
  const audit = useAuditPage(page, filters);
  const rows = audit.data?.data ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const changeFilters = useCallback(
    (change: Partial<AuditFilters>) =>
      void navigate({ to: '/audit', search: (previous) => ({ ...previous, ...change, page: undefined }) }),
    [navigate],
  );
  const goToPage = useCallback(
    (target: number, replace?: boolean) =>
      void navigate({ to: '/audit', search: (previous) => ({ ...previous, page: target }), replace }),
    [navigate],
  );

  return (
    <PagedListScreen
      title={t('title')}
      intro={t('intro')}
      filters={
        <>
          <Filters key={filtersKey} filters={filters} onChange={changeFilters} />
          {filtered && (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  void navigate({ to: '/audit', search: {} });
                  setFiltersKey((key) => key + 1);
                }}
              >
                {t('clearFilters')}
              </Button>
            </Group>
          )}
        </>
      }
      read={audit}
      failedText={t('failedToFetch')}
      loadingText={t('loading')}
      emptyText={t('empty')}
      empty={rows.length === 0}
      page={page}
      total={audit.data?.total ?? 0}
      onPageChange={goToPage}
    >
      {small ? (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <AuditCard key={row.id} row={row} timeZone={timeZone} />
          ))}
        </Stack>
      ) : (
        <AuditTable rows={rows} timeZone={timeZone} />
      )}
    </PagedListScreen>
  );
}
