import { Container, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { currentSession } from '../../lib/session.ts';
import { useIssueTicket } from './api/issue-ticket.ts';
import { forgetTicketDraft, IssueTicketForm } from './components/issue-ticket-form.tsx';
import { StaffNumberSlot } from './components/staff-number-slot.tsx';
import { OpenTicketsNotice } from './components/open-tickets-notice.tsx';
import { ticketsMessages } from './messages.ts';

/** /add-ticket: signed-in users raise a ticket; on success they land on it. */
export function AddTicketScreen() {
  const t = useMessages(ticketsMessages);
  const navigate = useNavigate();
  const issue = useIssueTicket();
  const userType = currentSession()?.user_type ?? 'customer';

  return (
    <Container size="sm" px={0}>
      <Stack gap="md">
        <ScreenHeading title={t('formTitle')} intro={t('formIntro')} />
        <IssueTicketForm
          userType={userType}
          submitting={issue.isPending}
          numberNotice={(entry) => [
            <OpenTicketsNotice key="open" entry={entry} />,
            <StaffNumberSlot key="staff" entry={entry} />,
          ]}
          onSubmit={(body) =>
            issue.mutate(body, {
              onSuccess: (reply) => {
                forgetTicketDraft();
                notifications.show({ color: 'green', message: t('issued') });
                void navigate({ to: '/view-ticket', search: { id: reply.data.ticket_id } });
              },
              onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
            })
          }
        />
      </Stack>
    </Container>
  );
}
