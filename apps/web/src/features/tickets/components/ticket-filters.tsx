import { Badge, Button, Checkbox, Collapse, Select, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import {
  ISSUED_TO_VALUES,
  RATING_FILTERS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type Group,
  type IssuedTo,
  type RatingFilter,
  type TicketPriority,
  type TicketStatus,
} from '@switchboard/shared';
import { lazy, Suspense } from 'react';
import { DateRangeInputs } from '../../../components/date-range-inputs.tsx';
import { useGroupChoices } from '../../../entities/groups.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels, type Labels } from '../../../lib/labels.ts';
import { ticketsMessages } from '../messages.ts';
import type { TicketFilters } from '../tickets-search.ts';

/** The statuses to pick from, in the interface's language. */
export const statusOptions = (labels: Labels) =>
  TICKET_STATUSES.map((status) => ({ value: status, label: labels.status(status) }));
const issuedToOptions = (labels: Labels) => ISSUED_TO_VALUES.map((value) => ({ value, label: labels.holder(value) }));
/** The priorities, most pressing first as a desk reads them. */
const priorityOptions = (labels: Labels) =>
  [...TICKET_PRIORITIES].reverse().map((value) => ({ value, label: labels.priority(value) }));

// Its suggestions in a chunk of their own: the list's bundle stays within its budget (DESIGN.md §27).
const TagFilterField = lazy(() => import('../../../components/ticket-tags/tag-filter-field.tsx'));

/** Every rated ticket, or the low ones (DESIGN.md §25). */
const RATING_LABELS = { any: 'ratingAny', low: 'ratingLow' } as const satisfies Record<RatingFilter, string>;

export interface TicketFiltersProps {
  filters: TicketFilters;
  groups: Group[] | undefined;
  /** Today in the provider's time zone: no filter day lies after it. */
  today: string;
  onChange: (change: Partial<TicketFilters>) => void;
}

/**
 * The staff filters (spec §2): group, subgroup, start and end date, status, issued-to, priority
 * (DESIGN.md §30), the rating (DESIGN.md §25), a tag (DESIGN.md §27), the tickets past their due time (DESIGN.md §17), due soon
 * and waiting for the customer (DESIGN.md §26).
 * Folded away on a phone.
 */
export function TicketFiltersPanel({ filters, groups, today, onChange }: TicketFiltersProps) {
  const t = useMessages(ticketsMessages);
  const labels = useLabels();
  const small = useMediaQuery('(max-width: 48em)');
  const [opened, { toggle }] = useDisclosure(false);
  const { groupOptions, subgroupOptions, group } = useGroupChoices(groups, filters.group_id, filters.sub_group_id);
  const active = [
    filters.group_id,
    filters.sub_group_id,
    filters.start_date,
    filters.end_date,
    filters.status,
    filters.issued_to,
    filters.priority,
    filters.rating,
    filters.tag,
    filters.overdue,
    filters.due_soon,
    filters.waiting,
  ].filter(Boolean).length;
  const hasSubgroups = subgroupOptions.length > 0;

  const grid = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        label={t('group')}
        placeholder={t('any')}
        data={groupOptions}
        value={filters.group_id ?? null}
        onChange={(value) => onChange({ group_id: value ?? undefined, sub_group_id: undefined })}
        searchable
        clearable
      />
      <Select
        label={t('subgroup')}
        placeholder={!filters.group_id ? t('chooseGroupFirst') : hasSubgroups ? t('any') : t('noSubgroups')}
        data={subgroupOptions}
        value={group ? (filters.sub_group_id ?? null) : null}
        onChange={(value) => onChange({ sub_group_id: value ?? undefined })}
        disabled={!hasSubgroups}
        searchable
        clearable
      />
      <DateRangeInputs value={filters} today={today} startLabel={t('startDate')} endLabel={t('endDate')} onChange={onChange} />
      <Select<TicketStatus>
        label={t('status')}
        placeholder={t('any')}
        data={statusOptions(labels)}
        value={filters.status ?? null}
        onChange={(value) => onChange({ status: value ?? undefined })}
        clearable
      />
      <Select<IssuedTo>
        label={t('issuedTo')}
        placeholder={t('any')}
        data={issuedToOptions(labels)}
        value={filters.issued_to ?? null}
        onChange={(value) => onChange({ issued_to: value ?? undefined })}
        clearable
      />
      <Select<TicketPriority>
        label={t('priority')}
        placeholder={t('any')}
        data={priorityOptions(labels)}
        value={filters.priority ?? null}
        onChange={(value) => onChange({ priority: value ?? undefined })}
        clearable
      />
      <Select<RatingFilter>
        label={t('rating')}
        placeholder={t('any')}
        data={RATING_FILTERS.map((value) => ({ value, label: t(RATING_LABELS[value]) }))}
        value={filters.rating ?? null}
        onChange={(value) => onChange({ rating: value ?? undefined })}
        clearable
      />
      <Suspense fallback={null}>
        <TagFilterField value={filters.tag} onChange={(tag) => onChange({ tag })} />
      </Suspense>
      <Checkbox
        label={t('overdueOnly')}
        checked={filters.overdue === true}
        onChange={(event) => onChange({ overdue: event.currentTarget.checked ? true : undefined })}
        mt={{ base: 0, xs: 'xl' }}
      />
      <Checkbox
        label={t('dueSoonOnly')}
        checked={filters.due_soon === true}
        onChange={(event) => onChange({ due_soon: event.currentTarget.checked ? true : undefined })}
        mt={{ base: 0, xs: 'xl' }}
      />
      <Checkbox
        label={t('waitingOnly')}
        checked={filters.waiting === true}
        onChange={(event) => onChange({ waiting: event.currentTarget.checked ? true : undefined })}
        mt={{ base: 0, xs: 'xl' }}
      />
    </SimpleGrid>
  );

  if (!small) return grid;
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle>
              {active}
            </Badge>
          ) : null
        }
        onClick={toggle}
        aria-expanded={opened}
        fullWidth
      >
        {t('filtersToggle')}
      </Button>
      <Collapse expanded={opened}>{grid}</Collapse>
    </Stack>
  );
}
