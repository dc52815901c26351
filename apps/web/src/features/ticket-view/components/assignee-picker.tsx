import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Department, StaffReply } from '@switchboard/shared';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { ticketViewMessages } from '../messages.ts';

/** GET /staff: the first page of a department's staff (all staff without one) matching `q`. */
function useStaff(department: Department | undefined, q: string) {
  return useQuery({
    queryKey: ['staff', department ?? 'all', q],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ ...(department ? { department } : {}), ...(q ? { q } : {}) });
      return apiRequest<StaffReply>(`/staff?${query.toString()}`, { signal });
    },
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export interface AssigneePickerProps {
  /** Whose staff to offer: the holding department's; undefined offers every department's (cc). */
  department: Department | undefined;
  /** Who holds the ticket now (left out of the choices). */
  assigneeId: string | null;
  /** The viewer (who takes it with "Take it" instead). */
  viewerId: string;
  busy: boolean;
  onPick: (member: { id: string; name: string }) => void;
}

/** "Hand to a colleague": a searchable choice of the staff who may hold the ticket (DESIGN.md §19). */
export function AssigneePicker({ department, assigneeId, viewerId, busy, onPick }: AssigneePickerProps) {
  const t = useMessages(ticketViewMessages);
  const labels = useLabels();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const staff = useStaff(department, debounced);
  const members = (staff.data?.data ?? []).filter((member) => member.id !== assigneeId && member.id !== viewerId);
  const options = members.map((member) => ({
    value: member.id,
    // Every department's staff are offered to cc: the department tells namesakes apart.
    label: department
      ? member.name
      : // A name may hold a direction override: isolated (FSI…PDI), it cannot turn the department around.
        t('assigneeMemberOf', { name: `\u2068${member.name}\u2069`, department: labels.department(member.department) }),
  }));
  return (
    <Select
      label={t('assigneeHandTo')}
      placeholder={t('assigneeHandToPlaceholder')}
      data={options}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has matched the names already.
      filter={({ options: all }) => all}
      nothingFoundMessage={staff.isFetching ? t('assigneePickerLoading') : t('assigneePickerNone')}
      disabled={busy}
      onChange={(id) => {
        const member = members.find((candidate) => candidate.id === id);
        setSearch('');
        if (member) onPick(member);
      }}
      comboboxProps={{ withinPortal: true }}
      size="sm"
    />
  );
}
