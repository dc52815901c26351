import {
  Button,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { AUDIT_ACTIONS, AUDIT_TARGET_MAX_LENGTH, canReadAudit, type AuditAction, type AuditListItem } from '@switchboard/shared';
import { useCallback, useEffect, useState } from 'react';
import { LoadError } from '../../components/load-error.tsx';
import { PaginationFooter } from '../../components/pagination-footer.tsx';
import { PermissionGate } from '../../components/permission-gate.tsx';
import { formatDisplayDateTime, todayIn } from '../../lib/dates.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useActorLookup, useAuditPage, type AuditFilters } from './api/audit.ts';
import { auditMessages as m } from './messages.ts';

/** /audit: the audit trail, filtered, 10 rows a page (admins). */
export function AuditScreen() {
  return (
    <PermissionGate allows={canReadAudit}>
      <AuditLog />
    </PermissionGate>
  );
}

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: `${m.actions[action]} (${action})` }));

/** Details as short `key: value` pairs (ids, counts, fields changed; never text a person wrote). */
function detailsText(details: AuditListItem['details']): string {
  if (!details) return m.noValue;
  const pairs = Object.entries(details).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  return pairs.length > 0 ? pairs.join(', ') : m.noValue;
}

function actionLabel(action: string): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? m.actions[action as AuditAction] : action;
}

function ActorFilter({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const lookup = useActorLookup(debounced);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (lookup.data ?? []).map((user) => ({ value: user._id, label: `${user.name} (${user.product_number})` }));
  // The chosen person stays an option while the search shows others.
  const data = chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
  return (
    <Select
      label={m.filters.actor}
      placeholder={m.filters.actorPlaceholder}
      data={data}
      value={value ?? null}
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={debounced.trim() ? m.empty : undefined}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id ?? undefined);
      }}
    />
  );
}

function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (change: Partial<AuditFilters>) => void }) {
  const today = todayIn(useProviderTimeZone());
  const [target, setTarget] = useState(filters.target ?? '');
  const [debouncedTarget] = useDebouncedValue(target, 400);
  const typedTarget = debouncedTarget.trim() || undefined;
  useEffect(() => {
    if (typedTarget !== filters.target) onChange({ target: typedTarget });
  }, [typedTarget, filters.target, onChange]);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" role="search" aria-label={m.filters.label}>
      <Select<AuditAction>
        label={m.filters.action}
        placeholder={m.filters.any}
        data={ACTION_OPTIONS}
        value={filters.action ?? null}
        onChange={(value) => onChange({ action: value ?? undefined })}
        searchable
        clearable
      />
      <ActorFilter value={filters.actor_id} onChange={(actor_id) => onChange({ actor_id })} />
      <TextInput
        label={m.filters.target}
        placeholder={m.filters.targetPlaceholder}
        value={target}
        maxLength={AUDIT_TARGET_MAX_LENGTH}
        onChange={(event) => setTarget(event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={m.filters.startDate}
        value={filters.start_date ?? ''}
        max={filters.end_date ?? today}
        onChange={(event) => {
          const start = event.currentTarget.value || undefined;
          // An end before the new start would match nothing: drop it rather than show an empty list.
          onChange({
            start_date: start,
            ...(start && filters.end_date && filters.end_date < start ? { end_date: undefined } : {}),
          });
        }}
      />
      <TextInput
        type="date"
        label={m.filters.endDate}
        value={filters.end_date ?? ''}
        min={filters.start_date}
        max={today}
        onChange={(event) => onChange({ end_date: event.currentTarget.value || undefined })}
      />
    </SimpleGrid>
  );
}

function AuditCard({ row, timeZone }: { row: AuditListItem; timeZone: string | undefined }) {
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {actionLabel(row.action)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDisplayDateTime(row.at, timeZone)}
        </Text>
      </Group>
      <Text size="sm">
        {row.actor_name ?? m.nobody} · {row.target ?? m.noValue} · {row.ip ?? m.noValue}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {detailsText(row.details)}
      </Text>
    </Paper>
  );
}

function AuditTable({ rows, timeZone }: { rows: AuditListItem[]; timeZone: string | undefined }) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={190}>{m.columns.at}</Table.Th>
              <Table.Th w={170}>{m.columns.actor}</Table.Th>
              <Table.Th w={200}>{m.columns.action}</Table.Th>
              <Table.Th w={150}>{m.columns.target}</Table.Th>
              <Table.Th w={130}>{m.columns.ip}</Table.Th>
              <Table.Th>{m.columns.details}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatDisplayDateTime(row.at, timeZone)}</Table.Td>
                <Table.Td>{row.actor_name ?? m.nobody}</Table.Td>
                <Table.Td>
                  <Text size="sm">{actionLabel(row.action)}</Text>
                  <Code>{row.action}</Code>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.target ?? m.noValue}</Table.Td>
                <Table.Td>{row.ip ?? m.noValue}</Table.Td>
                <Table.Td>
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {detailsText(row.details)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function AuditLog() {
  const timeZone = useProviderTimeZone();
  // A phone gets cards: six columns do not fit 390 pixels.
  const small = useMediaQuery('(max-width: 48em)');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>({});
  // Remounting the filters clears their own typed text too.
  const [filtersKey, setFiltersKey] = useState(0);
  const audit = useAuditPage(page, filters);
  const rows = audit.data?.data ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const changeFilters = useCallback((change: Partial<AuditFilters>) => {
    setFilters((previous) => ({ ...previous, ...change }));
    setPage(1);
  }, []);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {m.title}
        </Title>
        <Text c="dimmed" size="sm">
          {m.intro}
        </Text>
      </div>
      <Filters key={filtersKey} filters={filters} onChange={changeFilters} />
      {filtered && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setFilters({});
              setPage(1);
              setFiltersKey((key) => key + 1);
            }}
          >
            {m.filters.clear}
          </Button>
        </Group>
      )}
      {audit.isPending ? (
        <Center py="md" role="status">
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">{m.loading}</Text>
          </Group>
        </Center>
      ) : audit.isError ? (
        <LoadError
          error={audit.error}
          fallback={m.failedToFetch}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{m.empty}</Text>
      ) : small ? (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <AuditCard key={row.id} row={row} timeZone={timeZone} />
          ))}
        </Stack>
      ) : (
        <AuditTable rows={rows} timeZone={timeZone} />
      )}
      {audit.data && audit.data.total > 0 && <PaginationFooter page={page} total={audit.data.total} onPageChange={setPage} />}
    </Stack>
  );
}
