import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowForwardUp, IconCircleCheck, IconSend2 } from '@tabler/icons-react';
import { canActOnTicket, canResolveAndForwardToCc, forwardTargetsFor, type Ticket } from '@switchboard/shared';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import type { SessionClaims } from '../../../lib/session.ts';
import { useResolveTicket } from '../api/workflow.ts';
import { ticketViewMessages } from '../messages.ts';

// The forward dialogs (a department picker and its popover) load when first opened: the ticket
// view's bundle stays within its budget.
const ForwardDialog = lazy(() => import('./forward-dialog.tsx').then((module) => ({ default: module.ForwardDialog })));
const ResolveAndForwardDialog = lazy(() =>
  import('./resolve-and-forward-dialog.tsx').then((module) => ({ default: module.ResolveAndForwardDialog })),
);

export interface TicketActionsProps {
  ticket: Ticket;
  viewer: Pick<SessionClaims, 'user_type'>;
}

type OpenDialog = 'forward' | 'resolve' | 'resolve-and-forward' | null;

function ResolveDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const t = useMessages(ticketViewMessages);
  const resolve = useResolveTicket();
  const confirm = () =>
    resolve.mutate(ticketId, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('resolveSuccess') });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      opened
      title={t('resolveTitle', { id: String(ticketId) })}
      body={<Text size="sm">{t('resolveBody')}</Text>}
      loading={resolve.isPending}
      error={resolve.isError ? errorMessage(resolve.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

/**
 * The ticket actions of the spec: Forward, Resolve and Resolve & Forward to cc ('Corporate
 * Support'), each confirmed in a dialog. Shown only to staff who may act on the ticket (their
 * department holds it, or they are cc) while it is not solved; Resolve & Forward is not for cc.
 * The server applies the same rules.
 */
export function TicketActions({ ticket, viewer }: TicketActionsProps) {
  const t = useMessages(ticketViewMessages);
  const { corporateSupport } = useLabels();
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  // Only staff receive the holder of a ticket, and only staff act on tickets.
  if (ticket.issued_to === undefined) return null;
  const routed = { ...ticket, issued_to: ticket.issued_to };
  const mayAct = canActOnTicket(viewer, routed);
  const targets = forwardTargetsFor(viewer, routed);

  return (
    <>
      {mayAct && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('actionsHeading')}
            </Title>
            {targets.length > 0 && (
              <Button leftSection={<IconArrowForwardUp size={16} />} onClick={() => setOpen('forward')}>
                {t('forwardButton')}
              </Button>
            )}
            <Button variant="light" color="teal" leftSection={<IconCircleCheck size={16} />} onClick={() => setOpen('resolve')}>
              {t('resolveButton')}
            </Button>
            {canResolveAndForwardToCc(viewer) && (
              <Button
                variant="default"
                leftSection={<IconSend2 size={16} />}
                // The longest label: it wraps on a phone instead of being cut off.
                h="auto"
                mih={36}
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
                onClick={() => setOpen('resolve-and-forward')}
              >
                {t('resolveAndForward', { corporateSupport })}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {/* The dialogs outlive the buttons: a refresh that takes the buttons away must not cut a dialog short. */}
      <Suspense>
        {open === 'forward' && <ForwardDialog ticket={routed} targets={targets} onClose={close} />}
        {open === 'resolve-and-forward' && <ResolveAndForwardDialog ticket={routed} onClose={close} />}
      </Suspense>
      {open === 'resolve' && <ResolveDialog ticketId={ticket.ticket_id} onClose={close} />}
    </>
  );
}
