import { Button } from '@mantine/core';
import { IconArrowMerge } from '@tabler/icons-react';
import { useState } from 'react';
import { useMessages } from '../../../lib/i18n.ts';
import { MergeDialog } from './merge-dialog.tsx';
import { mergeMessages } from './messages.ts';

/**
 * "Merge into…" (DESIGN.md §27) for staff who may act on the ticket while it is unsolved; the
 * view mounts it lazily, so its words, search and dialog stay out of the ticket view's chunk.
 */
export default function MergePanel({ ticketId }: { ticketId: number }) {
  const t = useMessages(mergeMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconArrowMerge size={16} />} onClick={() => setOpen(true)} fullWidth>
        {t('mergeButton')}
      </Button>
      {open && <MergeDialog ticketId={ticketId} onClose={() => setOpen(false)} />}
    </>
  );
}
