import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useCanGoBack, useRouter, useSearch } from '@tanstack/react-router';
import { isStaff } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { ImageGallery } from '../../components/image-gallery.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { currentSession } from '../../lib/session.ts';
import { useTicket } from './api/ticket.ts';
import { CommentForm } from './components/comment-form.tsx';
import { CommentList } from './components/comment-list.tsx';
import { ForwardHistory } from './components/forward-history.tsx';
import { TicketActions } from './components/workflow-actions.tsx';
import { TicketDetails } from './components/ticket-details.tsx';
import { messages } from './messages.ts';
import classes from './view-ticket-screen.module.css';

function BackLink() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  // Back keeps the list's page and filters; a ticket opened from a link goes to the first page.
  return canGoBack ? (
    <Anchor component="button" type="button" size="sm" onClick={() => router.history.back()} className={classes.back}>
      <IconArrowLeft size={14} /> {messages.back}
    </Anchor>
  ) : (
    <Anchor size="sm" className={classes.back} renderRoot={(props) => <Link to="/tickets" search={{ page: 1 }} {...props} />}>
      <IconArrowLeft size={14} /> {messages.back}
    </Anchor>
  );
}

/** /view-ticket?id=: the ticket, its images, forwards, comments and the comment form (spec §2). */
export function ViewTicketScreen() {
  const { id } = useSearch({ from: '/signed-in/view-ticket' });
  const session = currentSession();
  const timeZone = useProviderTimeZone();
  const ticket = useTicket(id);

  if (id === undefined || !session) {
    return <Problem title={messages.noTicketChosen} />;
  }
  if (ticket.isPending) {
    return (
      <Center py="xl" role="status">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{messages.loading}</Text>
        </Group>
      </Center>
    );
  }
  if (ticket.isError) {
    const missing = ticket.error instanceof ApiError && (ticket.error.status === 404 || ticket.error.status === 403);
    return (
      <Problem
        title={missing ? messages.notFound : errorMessage(ticket.error)}
        body={missing ? messages.notFoundBody : undefined}
      >
        {!missing && (
          <Button variant="light" onClick={() => void ticket.refetch()}>
            {messages.retry}
          </Button>
        )}
      </Problem>
    );
  }

  const data = ticket.data;
  const staff = isStaff(session);
  return (
    <Stack gap="md">
      <div>
        <BackLink />
        <Group justify="space-between" align="flex-start" gap="xs" mt={4} wrap="nowrap">
          <Title order={2} className={classes.title}>
            {data.title}
          </Title>
          <StatusBadge status={data.ticket_status} size="lg" style={{ flexShrink: 0 }} />
        </Group>
        <Text c="dimmed" size="sm">
          {messages.ticketNumber(data.ticket_id)} · {formatDisplayDateTime(data.created_at, timeZone)}
        </Text>
      </div>
      <div className={classes.layout}>
        <Stack gap="md" className={classes.main}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={3} size="h5">
                {messages.description}
              </Title>
              <Text className={classes.description}>{data.description}</Text>
              {data.attachments.length > 0 && (
                <Stack gap="xs" mt="xs">
                  <Title order={4} size="h6" c="dimmed">
                    {messages.attachments}
                  </Title>
                  <ImageGallery images={data.attachments} />
                </Stack>
              )}
            </Stack>
          </Paper>
        </Stack>
        <Stack gap="md" className={classes.side}>
          <section aria-label="Ticket actions" data-slot="ticket-actions" className={classes.slot}>
            <TicketActions ticket={data} viewer={session} />
          </section>
          <TicketDetails ticket={data} staff={staff} timeZone={timeZone} />
          {data.forwarder_history.length > 0 && (
            <Paper withBorder p="md" component="section" aria-label={messages.forwardHistory.heading}>
              <Title order={3} size="h5" mb="sm">
                {messages.forwardHistory.heading}
              </Title>
              <ForwardHistory entries={data.forwarder_history} timeZone={timeZone} />
            </Paper>
          )}
        </Stack>
        <Stack gap="sm" className={classes.comments} component="section" aria-labelledby="comments-heading">
          <Title order={3} size="h4" id="comments-heading">
            {messages.comments.heading}
          </Title>
          <CommentList comments={data.comments} markInternal={session.user_type !== 'agent'} timeZone={timeZone} />
          <CommentForm key={data.ticket_id} ticketId={data.ticket_id} canWriteInternal={staff} />
        </Stack>
      </div>
    </Stack>
  );
}

function Problem({ title, body, children }: { title: string; body?: string; children?: ReactNode }) {
  return (
    <Stack gap="sm" maw={560}>
      <BackLink />
      <Alert color="gray" title={title}>
        <Stack gap="sm" align="flex-start">
          {body && <Text size="sm">{body}</Text>}
          {children}
        </Stack>
      </Alert>
    </Stack>
  );
}
