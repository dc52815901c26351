import { Textarea } from '@mantine/core';
import { COMMENT_MAX_LENGTH, resolveIncidentBodySchema } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResolveIncident } from '../../../entities/incidents.ts';
import { errorsOf, validateWith } from '../../../lib/schema-form.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { incidentMessages } from '../messages.ts';

export interface ResolveIncidentDialogProps {
  incidentId: number;
  unsolved: number;
  /** The message to start from: the rule's restoration message when the network recovered. */
  initialMessage?: string;
  opened: boolean;
  onClose: () => void;
  onResolved: (solved: number) => void;
}

/** Resolve with a message: the confirm dialog holds the message every affected customer receives. */
export function ResolveIncidentDialog({
  incidentId,
  unsolved,
  initialMessage = '',
  opened,
  onClose,
  onResolved,
}: ResolveIncidentDialogProps) {
  const t = useMessages(incidentMessages);
  const [message, setMessage] = useState(initialMessage);
  const [tried, setTried] = useState(false);
  const resolve = useResolveIncident();
  const body = { resolution_message: message };
  const error = errorsOf(validateWith(resolveIncidentBodySchema, body)).resolution_message;

  const confirm = () => {
    setTried(true);
    // Pending already: a second click sends nothing (the server would answer 409 anyway).
    if (error || resolve.isPending) return;
    resolve.mutate({ id: incidentId, body }, { onSuccess: (reply) => onResolved(reply.affected) });
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t('resolveTitle')}
      body={t('resolveBody', { unsolved })}
      loading={resolve.isPending}
      error={resolve.isError ? errorMessage(resolve.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Textarea
        mt="md"
        label={t('resolutionLabel')}
        placeholder={t('resolutionPlaceholder')}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        maxLength={COMMENT_MAX_LENGTH}
        error={tried ? error : undefined}
        autosize
        minRows={3}
        required
        data-autofocus
      />
    </ConfirmDialog>
  );
}
