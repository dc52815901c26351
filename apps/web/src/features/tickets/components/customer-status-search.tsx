import { Button, Group, Select } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { TicketStatus } from '@switchboard/shared';
import { messages } from '../messages.ts';
import { STATUS_OPTIONS } from './ticket-filters.tsx';

export interface CustomerStatusSearchProps {
  status: TicketStatus | undefined;
  onChange: (status: TicketStatus | undefined) => void;
  /** Clears the status and the text search together: a customer has this one Clear (spec §6). */
  onClear: () => void;
  canClear: boolean;
}

/** What a customer may filter by (spec §6): the status, and a Clear control. */
export function CustomerStatusSearch({ status, onChange, onClear, canClear }: CustomerStatusSearchProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <Select<TicketStatus>
        label={messages.filters.status}
        placeholder={messages.search.statusPlaceholder}
        data={STATUS_OPTIONS}
        value={status ?? null}
        onChange={(value) => onChange(value ?? undefined)}
        style={{ flex: '1 1 auto', maxWidth: 280 }}
      />
      <Button
        variant="default"
        rightSection={<IconX size={16} />}
        onClick={onClear}
        disabled={!canClear}
        style={{ flexShrink: 0 }}
      >
        {messages.search.customerClear}
      </Button>
    </Group>
  );
}
