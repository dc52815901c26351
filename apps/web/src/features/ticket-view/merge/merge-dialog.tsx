import { Anchor, Stack, Text } from '@mantine/core';
import type { MergeCandidate } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useMergeTicket } from './api.ts';
import { MergeCandidates } from './merge-candidates.tsx';
import { mergeMessages } from './messages.ts';

export interface MergeDialogProps {
  ticketId: number;
  onClose: () => void;
}

/**
 * "Merge into…": choose one of the candidates, then a confirm step that says exactly what will
 * happen. On success the target opens with the server's notice (api.ts); a refusal stays in the dialog.
 */
export function MergeDialog({ ticketId, onClose }: MergeDialogProps) {
  const t = useMessages(mergeMessages);
  const [chosen, setChosen] = useState<MergeCandidate | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const merge = useMergeTicket(ticketId);

  const confirm = () => {
    if (!chosen) {
      setFailure(t('mergeChooseFirst'));
      return;
    }
    setFailure(null);
    if (!confirming) {
      setConfirming(true);
      return;
    }
    merge.mutate(
      { into_ticket_id: chosen.ticket_id },
      { onSuccess: onClose, onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  const values = { id: String(ticketId), into: String(chosen?.ticket_id ?? '') };
  return (
    <ConfirmDialog
      opened
      size="lg"
      title={t('mergeTitle', { id: String(ticketId) })}
      body={
        confirming && chosen ? (
          <Stack gap="sm">
            <Text data-testid="merge-what">{t('mergeWhat', values)}</Text>
            {!chosen.same_issuer && <Text size="sm">{t('mergeInternal', values)}</Text>}
            <Anchor component="button" type="button" size="sm" onClick={() => setConfirming(false)} disabled={merge.isPending}>
              {t('mergeBack')}
            </Anchor>
          </Stack>
        ) : (
          <MergeCandidates ticketId={ticketId} chosen={chosen} onChoose={setChosen} />
        )
      }
      loading={merge.isPending}
      error={failure}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
