import { Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { forwardTicketBodySchema, type Department, type Ticket } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { translateMessageRef } from '../../../lib/schema-messages.ts';
import { useLabels } from '../../../lib/labels.ts';
import { useForwardTicket, useRefreshTickets } from '../api/workflow.ts';
import { ticketViewMessages } from '../messages.ts';
import { ForwardFields, serverFieldErrors, type ForwardErrors } from './forward-fields.tsx';

export interface ForwardDialogProps {
  /** The holder is always present for staff, who alone see these dialogs. */
  ticket: Pick<Ticket, 'ticket_id'> & Required<Pick<Ticket, 'issued_to'>>;
  /** The departments this viewer may choose (forwardTargetsFor). */
  targets: Department[];
  onClose: () => void;
}

/** Forward: a target department, a cause and the stay-in-loop switch, confirmed in the spec's dialog. */
export function ForwardDialog({ ticket, targets, onClose }: ForwardDialogProps) {
  const t = useMessages(ticketViewMessages);
  const labels = useLabels();
  const [target, setTarget] = useState<string | null>(null);
  const [cause, setCause] = useState('');
  const [stayInLoop, setStayInLoop] = useState(false);
  const [errors, setErrors] = useState<ForwardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const forward = useForwardTicket();
  const refresh = useRefreshTickets();
  const busy = forward.isPending;

  const confirm = () => {
    const parsed = forwardTicketBodySchema.safeParse({
      ticket_id: ticket.ticket_id,
      // The holder this page shows: the server refuses the forward if it has changed meanwhile.
      previously_issued_to: ticket.issued_to,
      newly_issued_to: target ?? undefined,
      forward_cause: cause,
      is_in_forward_loop: stayInLoop,
    });
    if (!parsed.success) {
      const found: ForwardErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'newly_issued_to') found.newly_issued_to ??= t('forwardTargetRequired');
        if (field === 'forward_cause') found.forward_cause ??= translateMessageRef(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    forward.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('forwardSuccess') });
        onClose();
      },
      onError: (error) => {
        // Forwarded by somebody else meanwhile: show the ticket as it is now instead of this form.
        if (error instanceof ApiError && error.status === 409) {
          notifications.show({ color: 'red', message: errorMessage(error) });
          void refresh();
          onClose();
          return;
        }
        setErrors(serverFieldErrors(error));
        setFailure(errorMessage(error));
      },
    });
  };

  return (
    <ConfirmDialog
      opened
      title={t('forwardTitle', { id: String(ticket.ticket_id) })}
      body={<Text size="sm">{t('forwardBody', { holder: labels.holder(ticket.issued_to) })}</Text>}
      loading={busy}
      error={failure}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <Select
          label={t('forwardTarget')}
          placeholder={t('forwardTargetPlaceholder')}
          required
          data={targets.map((value) => ({ value, label: labels.department(value) }))}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setErrors((current) => ({ ...current, newly_issued_to: undefined }));
          }}
          error={errors.newly_issued_to}
          disabled={busy}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <ForwardFields
          cause={cause}
          onCauseChange={(value) => {
            setCause(value);
            setErrors((current) => ({ ...current, forward_cause: undefined }));
          }}
          stayInLoop={stayInLoop}
          onStayInLoopChange={setStayInLoop}
          causeError={errors.forward_cause}
          disabled={busy}
        />
      </Stack>
    </ConfirmDialog>
  );
}
