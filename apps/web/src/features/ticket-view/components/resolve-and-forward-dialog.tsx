import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { forwardCauseSchema, type Ticket } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { translateMessageRef } from '../../../lib/schema-messages.ts';
import { useLabels } from '../../../lib/labels.ts';
import { ResolvedButNotForwarded, useRefreshTickets, useResolveAndForwardToCc } from '../api/workflow.ts';
import { ticketViewMessages } from '../messages.ts';
import { ForwardFields, serverFieldErrors } from './forward-fields.tsx';

export interface ResolveAndForwardDialogProps {
  /** The holder is always present for staff, who alone see these dialogs. */
  ticket: Pick<Ticket, 'ticket_id'> & Required<Pick<Ticket, 'issued_to'>>;
  onClose: () => void;
}

/**
 * Resolve & Forward to cc ('Corporate Support'): a cause and the stay-in-loop switch, then resolve
 * and forward. When only the first step succeeds the dialog says so and offers the forward again,
 * since a solved ticket shows no action buttons to start over from.
 */
export function ResolveAndForwardDialog({ ticket, onClose }: ResolveAndForwardDialogProps) {
  const t = useMessages(ticketViewMessages);
  const { corporateSupport } = useLabels();
  const [cause, setCause] = useState('');
  const [stayInLoop, setStayInLoop] = useState(false);
  const [causeError, setCauseError] = useState<string | undefined>();
  const [partialFailure, setPartialFailure] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resolveAndForward = useResolveAndForwardToCc();
  const refresh = useRefreshTickets();
  const busy = resolveAndForward.isPending;

  const close = () => {
    // The ticket was solved even though the hand-over failed: show it as it is now.
    if (partialFailure) void refresh();
    onClose();
  };

  const confirm = () => {
    const parsed = forwardCauseSchema.safeParse(cause);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      setCauseError(first && translateMessageRef(first.message));
      return;
    }
    setCauseError(undefined);
    setFailure(null);
    resolveAndForward.mutate(
      {
        ticketId: ticket.ticket_id,
        holder: ticket.issued_to,
        cause: parsed.data,
        stayInLoop,
        alreadyResolved: partialFailure !== null,
      },
      {
        onSuccess: () => {
          if (!partialFailure) notifications.show({ color: 'green', message: t('resolveSuccess') });
          notifications.show({ color: 'green', message: t('forwardSuccess') });
          onClose();
        },
        onError: (error) => {
          // Only the forward failed: the alert below says so, and Confirm tries the forward again.
          if (error instanceof ResolvedButNotForwarded) setPartialFailure(error.message);
          else setFailure(errorMessage(error));
          setCauseError(serverFieldErrors(error).forward_cause);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened
      title={t('resolveAndForward', { corporateSupport })}
      body={<Text size="sm">{t('resolveAndForwardBody', { corporateSupport })}</Text>}
      loading={busy}
      error={failure}
      onConfirm={confirm}
      onClose={close}
    >
      <Stack gap="sm" mt="md">
        {partialFailure && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('resolveAndForwardPartialTitle')} role="alert">
            {partialFailure}
          </Alert>
        )}
        <ForwardFields
          cause={cause}
          onCauseChange={(value) => {
            setCause(value);
            setCauseError(undefined);
          }}
          stayInLoop={stayInLoop}
          onStayInLoopChange={setStayInLoop}
          causeError={causeError}
          disabled={busy}
        />
      </Stack>
    </ConfirmDialog>
  );
}
