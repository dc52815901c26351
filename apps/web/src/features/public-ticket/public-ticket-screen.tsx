import { Anchor, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMessages } from '../../lib/i18n.ts';
import { useBrandName } from '../../lib/public-config.ts';
import { currentSession } from '../../lib/session.ts';
import { useSubmitPublicTicket } from './api/submit-public-ticket.ts';
import { PublicTicketForm } from './components/public-ticket-form.tsx';
import { SubmittedPanel } from './components/submitted-panel.tsx';
import { publicTicketMessages } from './messages.ts';
import classes from './public-ticket-screen.module.css';

/**
 * Route /create-ticket: anybody, signed in or not, raises a ticket with an e-mail address for the
 * reply. On success the form gives way to a confirmation with the ticket number.
 */
export function PublicTicketScreen() {
  const t = useMessages(publicTicketMessages);
  const brand = useBrandName();
  const signedIn = currentSession() !== null;
  const submission = useSubmitPublicTicket();
  const submitted = submission.data?.data;

  return (
    <div className={classes.page}>
      <Stack className={classes.column} gap="md">
        {/* The banner landmark: with the main card, all of the page sits in a landmark. */}
        <Group component="header" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Image src="/logo.svg" alt={t('logoAlt', { brand })} w={36} h={36} />
            <Text fw={700} size="lg">
              {brand}
            </Text>
          </Group>
          {signedIn ? (
            <Anchor size="sm" renderRoot={(props) => <Link to="/tickets" search={{ page: 1 }} {...props} />}>
              {t('backToTickets')}
            </Anchor>
          ) : (
            <Anchor size="sm" renderRoot={(props) => <Link to="/" search={{}} {...props} />}>
              {t('signIn')}
            </Anchor>
          )}
        </Group>
        <Paper component="main" className={classes.card} withBorder shadow="sm" radius="lg">
          {submitted ? (
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
                submitting={submission.isPending}
                error={submission.error}
                onEdit={() => {
                  if (submission.isError) submission.reset();
                }}
                onSubmit={(fields, botCheck) => submission.mutate({ fields, botCheck })}
              />
            </Stack>
          )}
        </Paper>
      </Stack>
    </div>
  );
}
