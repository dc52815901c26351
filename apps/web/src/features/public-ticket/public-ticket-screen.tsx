import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { PublicPageShell } from '../../components/public-page-shell.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { currentSession } from '../../lib/session.ts';
import { useSubmitPublicTicket } from './api/submit-public-ticket.ts';
import { PublicTicketForm } from './components/public-ticket-form.tsx';
import { SubmittedPanel } from './components/submitted-panel.tsx';
import { publicTicketMessages } from './messages.ts';

// The number check is its own chunk: the page is close to its script budget.
const NumberCheckStep = lazy(() => import('./components/number-check-step.tsx'));

/**
 * Route /create-ticket: anybody, signed in or not, raises a ticket with an e-mail address for the
 * reply. The number comes first (DESIGN.md §23): a known outage in its area is told before the
 * form. On success the form gives way to a confirmation with the ticket number.
 */
export function PublicTicketScreen() {
  const t = useMessages(publicTicketMessages);
  const signedIn = currentSession() !== null;
  const submission = useSubmitPublicTicket();
  const submitted = submission.data?.data;
  // The number the check step hands on; null while the person is on that step.
  const [checkedNumber, setCheckedNumber] = useState<string | null>(null);

  return (
    <PublicPageShell
      aside={
        signedIn ? (
          <Anchor size="sm" renderRoot={(props) => <Link to="/tickets" search={{ page: 1 }} {...props} />}>
            {t('backToTickets')}
          </Anchor>
        ) : (
          <Anchor size="sm" renderRoot={(props) => <Link to="/" search={{}} {...props} />}>
            {t('signIn')}
          </Anchor>
        )
      }
    >
      {checkedNumber === null ? (
        <Suspense fallback={<Loader size="sm" />}>
          <NumberCheckStep onContinue={setCheckedNumber} />
        </Suspense>
      ) : submitted ? (
        <SubmittedPanel
          ticketId={submitted.ticket_id}
          // The form was unmounted by the panel: it comes back empty, uploads included.
          onSubmitAnother={() => submission.reset()}
        />
      ) : (
        <Stack gap="lg">
          <div>
            <Title order={1} fz="h2">
              {t('pageTitle')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('intro')}
            </Text>
          </div>
          <PublicTicketForm
            initialNumber={checkedNumber}
            submitting={submission.isPending}
            error={submission.error}
            onEdit={() => {
              if (submission.isError) submission.reset();
            }}
            onSubmit={(fields, botCheck) => submission.mutate({ fields, botCheck })}
          />
        </Stack>
      )}
    </PublicPageShell>
  );
}
