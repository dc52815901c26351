import { Button, Group, Select } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { TicketStatus } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { ticketsMessages } from '../messages.ts';
import { statusOptions } from './ticket-filters.tsx';

export interface CustomerStatusSearchProps {
  status: TicketStatus | undefined;
  onChange: (status: TicketStatus | undefined) => void;
  /** Clears the status and the text search together: a customer has this one Clear (spec §6). */
  onClear: () => void;
  canClear: boolean;
}

/** What a customer may filter by (spec §6): the status, and a Clear control. */
export function CustomerStatusSearch({ status, onChange, onClear, canClear }: CustomerStatusSearchProps) {
  const t = useMessages(ticketsMessages);
  const labels = useLabels();
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <Select<TicketStatus>
        label={t('status')}
        placeholder={t('statusPlaceholder')}
        data={statusOptions(labels)}
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
        {t('clear')}
      </Button>
    </Group>
  );
}
