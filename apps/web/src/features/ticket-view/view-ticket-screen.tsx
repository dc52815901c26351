import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useCanGoBack, useRouter, useSearch } from '@tanstack/react-router';
import {
  canActOnTicket,
  canLinkTickets,
  canLinkToIncident,
  canSeeAssignee,
  canSeeInternalComments,
  canSeeIssuerNotifications,
  canSeePriority,
  canSeeRating,
  canSeeRouting,
  canUseTags,
  canWaitForCustomer,
  canWriteInternalComments,
  isErasedNumber,
} from '@switchboard/shared';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LoadingNote } from '../../components/loading-note.tsx';
import { ImageGallery } from '../../components/image-gallery.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { StackAfterFirstPaint } from '../../components/stack-after-first-paint.tsx';
import { SubscriberCardSlot } from '../../components/subscriber-card/subscriber-card-slot.tsx';
import { TicketPresenceSlot } from '../../components/ticket-presence/ticket-presence-slot.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { currentSession } from '../../lib/session.ts';
import { useTicket } from './api/ticket.ts';
import { CommentsSection } from './components/comments-section.tsx';
import { ForwardHistory } from './components/forward-history.tsx';
import { NumberHistoryPlaceholder } from './components/number-history-placeholder.tsx';
import { SatisfactionPanel } from './components/satisfaction-panel.tsx';
import { TicketActions } from './components/workflow-actions.tsx';
import { TicketDetails } from './components/ticket-details.tsx';
import { ticketViewMessages } from './messages.ts';
import { useMergedRedirect } from './merge/use-merged-redirect.ts';
import { useLiveTicket } from './use-live-ticket.ts';
import classes from './view-ticket-screen.module.css';

// Loaded with the ticket, in its own chunk: the form's checks and uploads (the schemas' code) are
// not in the way of the ticket's first paint on a slow phone. It sits below the comments.
const CommentForm = lazy(() => import('./components/comment-form.tsx').then((module) => ({ default: module.CommentForm })));
// Loaded after the ticket, in its own chunk: the panel never delays the ticket itself.
const NumberHistoryPanel = lazy(() => import('./components/number-history-panel.tsx'));
// Staff only, and in its own chunk: the route's bundle stays within its budget.
const TicketIncidentPanel = lazy(() => import('./components/ticket-incident-panel.tsx'));
// Staff only, and in its own chunk: who took the ticket, Take it and Release.
const AssigneePanel = lazy(() => import('./components/assignee-panel.tsx'));
// Staff only (DESIGN.md §30), in its own chunk like the assignee's.
const PriorityPanel = lazy(() => import('./components/priority-panel.tsx'));
// Staff only (DESIGN.md §27), each in its own chunk: the ticket's tags and its related tickets.
const TagsPanel = lazy(() => import('../../components/ticket-tags/tags-panel.tsx'));
const LinksPanel = lazy(() => import('../../components/ticket-links/links-panel.tsx'));
// Staff only, and in its own chunk: what the issuer was told and when.
const IssuerNotices = lazy(() => import('../../components/issuer-notices.tsx'));
// Staff only (DESIGN.md §27), in its own chunk: "Merge into…" with its search and dialog.
const MergePanel = lazy(() => import('./merge/merge-panel.tsx'));

function BackLink() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const t = useMessages(ticketViewMessages);
  // Back keeps the list's page and filters; a ticket opened from a link goes to the first page.
  return canGoBack ? (
    <Anchor component="button" type="button" size="sm" onClick={() => router.history.back()} className={classes.back}>
      <IconArrowLeft size={14} /> {t('back')}
    </Anchor>
  ) : (
    <Anchor size="sm" className={classes.back} renderRoot={(props) => <Link to="/tickets" search={{ page: 1 }} {...props} />}>
      <IconArrowLeft size={14} /> {t('back')}
    </Anchor>
  );
}

/** /view-ticket?id=: the ticket, its images, forwards, comments and the comment form (spec §2). */
export function ViewTicketScreen() {
  const { id } = useSearch({ from: '/signed-in/view-ticket' });
  const session = currentSession();
  const t = useMessages(ticketViewMessages);
  const timeZone = useProviderTimeZone();
  const ticket = useTicket(id);
  useLiveTicket(id);
  // Whether this person is writing a comment: the presence line tells the others (staff only).
  const [replying, setReplying] = useState(false);
  useMergedRedirect(ticket.data);

  if (id === undefined || !session) return <TicketNotFound />;
  if (ticket.isPending) return <LoadingNote text={t('loading')} />;
  if (ticket.isError) {
    // A refused id, a ticket that does not exist and one that is not the viewer's look the same.
    const missing = ticket.error instanceof ApiError && [400, 403, 404].includes(ticket.error.status);
    if (missing) return <TicketNotFound />;
    return (
      <Problem title={errorMessage(ticket.error)}>
        <Button variant="light" onClick={() => void ticket.refetch()}>
          {t('retry')}
        </Button>
      </Problem>
    );
  }

  const data = ticket.data;
  // A merged ticket's view leads on to its target (useMergedRedirect): nothing of it flashes first.
  if (data.merged_into) return <LoadingNote text={t('loading')} />;
  return (
    <Stack gap="md">
      <div>
        <BackLink />
        <Group justify="space-between" align="flex-start" gap="xs" mt={4} wrap="nowrap">
          <Title order={1} size="h2" className={classes.title}>
            {data.title}
          </Title>
          <StatusBadge status={data.ticket_status} size="lg" style={{ flexShrink: 0 }} />
        </Group>
        <Text c="dimmed" size="sm">
          {t('ticketNumber', { id: String(data.ticket_id) })} · {formatDisplayDateTime(data.created_at, timeZone)}
        </Text>
        <TicketPresenceSlot ticketId={data.ticket_id} replying={replying} />
      </div>
      <div className={classes.layout}>
        <Stack gap="md" className={classes.main}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('description')}
              </Title>
              <Text className={classes.description}>{data.description}</Text>
              {data.attachments.length > 0 && (
                <Stack gap="xs" mt="xs">
                  <Title order={3} size="h6" c="dimmed">
                    {t('attachments')}
                  </Title>
                  <ImageGallery images={data.attachments} />
                </Stack>
              )}
            </Stack>
          </Paper>
        </Stack>
        <StackAfterFirstPaint gap="md" className={classes.side}>
          <section aria-label={t('ticketActions')} data-slot="ticket-actions" className={classes.slot}>
            <TicketActions ticket={data} viewer={session} />
          </section>
          {canSeeAssignee(session) && (
            <Suspense fallback={null}>
              <AssigneePanel ticket={data} viewer={session} />
            </Suspense>
          )}
          {canSeePriority(session) && (
            <Suspense fallback={null}>
              <PriorityPanel ticket={data} viewer={session} />
            </Suspense>
          )}
          {data.issued_to !== undefined &&
            canActOnTicket(session, { issued_to: data.issued_to, ticket_status: data.ticket_status }) && (
              <Suspense fallback={null}>
                <MergePanel ticketId={data.ticket_id} />
              </Suspense>
            )}
          {canUseTags(session) && (
            <Suspense fallback={null}>
              <TagsPanel ticket={data} />
            </Suspense>
          )}
          {canLinkTickets(session) && (
            <Suspense fallback={null}>
              <LinksPanel ticket={data} />
            </Suspense>
          )}
          {canSeeRating(session) && <SatisfactionPanel rating={data.rating} timeZone={timeZone} />}
          <TicketDetails ticket={data} staff={canSeeRouting(session)} timeZone={timeZone} />
          {data.forwarder_history.length > 0 && (
            <Paper withBorder p="md" component="section" aria-label={t('forwardHistoryHeading')}>
              <Title order={2} size="h5" mb="sm">
                {t('forwardHistoryHeading')}
              </Title>
              <ForwardHistory entries={data.forwarder_history} timeZone={timeZone} />
            </Paper>
          )}
          {data.incident_id !== undefined && (
            <Suspense fallback={null}>
              <TicketIncidentPanel
                ticketId={data.ticket_id}
                ticket={data}
                incidentId={data.incident_id}
                mayChange={data.issued_to !== undefined && canLinkToIncident(session, { issued_to: data.issued_to })}
              />
            </Suspense>
          )}
          {canSeeIssuerNotifications(session) && (
            <Suspense fallback={null}>
              <IssuerNotices ticketId={data.ticket_id} timeZone={timeZone} />
            </Suspense>
          )}
          {/* An erased number has no subscriber and no history to show. */}
          {!isErasedNumber(data.problematic_number) && (
            <>
              <SubscriberCardSlot number={data.problematic_number} />
              <Suspense fallback={<NumberHistoryPlaceholder number={data.problematic_number} />}>
                <NumberHistoryPanel number={data.problematic_number} ticketId={data.ticket_id} timeZone={timeZone} />
              </Suspense>
            </>
          )}
        </StackAfterFirstPaint>
        <Stack gap="sm" className={classes.comments} component="section" aria-labelledby="comments-heading">
          <CommentsSection
            key={`comments-${data.ticket_id}`}
            ticket={data}
            markInternal={canSeeInternalComments(session)}
            timeZone={timeZone}
          />
          <Suspense fallback={null}>
            <CommentForm
              key={`form-${data.ticket_id}`}
              ticketId={data.ticket_id}
              canWriteInternal={canWriteInternalComments(session)}
              newestShown={data.comments.at(-1)?.created_at ?? data.created_at}
              onReplyingChange={setReplying}
              canWaitForCustomer={
                data.issued_to !== undefined &&
                canWaitForCustomer(session, { issued_to: data.issued_to, ticket_status: data.ticket_status })
              }
            />
          </Suspense>
        </Stack>
      </div>
    </Stack>
  );
}

/** Unknown, refused or not the viewer's: one answer, and the way back to the list. */
function TicketNotFound() {
  const t = useMessages(ticketViewMessages);
  return (
    <Stack gap="sm" maw={560}>
      <Alert color="gray" title={t('notFound')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('notFoundBody')}</Text>
          <Anchor
            size="sm"
            className={classes.back}
            renderRoot={(props) => <Link to="/tickets" search={{ page: 1 }} {...props} />}
          >
            <IconArrowLeft size={14} /> {t('back')}
          </Anchor>
        </Stack>
      </Alert>
    </Stack>
  );
}

function Problem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="sm" maw={560}>
      <BackLink />
      <Alert color="gray" title={title}>
        <Stack gap="sm" align="flex-start">
          {children}
        </Stack>
      </Alert>
    </Stack>
  );
}
