import { Button, Group } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketsMessages } from '../messages.ts';

/** "N new tickets — show" above the list, instead of rows moving under the user's cursor. */
export function NewTicketsPill({ count, onShow }: { count: number; onShow: () => void }) {
  const t = useMessages(ticketsMessages);
  if (count === 0) return null;
  return (
    <Group justify="center" role="status" style={{ position: 'sticky', top: 68, zIndex: 3 }}>
      <Button size="compact-sm" radius="xl" leftSection={<IconArrowUp size={14} aria-hidden />} onClick={onShow}>
        {t('newTickets', { count })}
      </Button>
    </Group>
  );
}
