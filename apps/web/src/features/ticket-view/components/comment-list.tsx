import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { CommentSource, TicketComment } from '@switchboard/shared';
import type { Ref } from 'react';
import { ImageGallery } from '../../../components/image-gallery.tsx';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { FromTicketLabel } from '../merge/from-ticket-label.tsx';
import { ticketViewMessages } from '../messages.ts';
import classes from './comment-list.module.css';

const SOURCES = { sms: 'commentBySms', email: 'commentByEmail' } as const satisfies Partial<
  Record<CommentSource, keyof typeof ticketViewMessages.english>
>;

export interface CommentListProps {
  comments: TicketComment[];
  /**
   * Staff (agents and customers never receive internal comments): internal comments are marked, and
   * so is a comment that came by SMS or e-mail (DESIGN.md §24).
   */
  markInternal: boolean;
  timeZone: string | undefined;
  /** Mantine types the ref of the list (an <ol>) as that of its default <div>. */
  listRef?: Ref<HTMLDivElement>;
}

/** The comments of a ticket, oldest first, with their images. */
export function CommentList({ comments, markInternal, timeZone, listRef }: CommentListProps) {
  const t = useMessages(ticketViewMessages);
  if (comments.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('commentsNone')}
      </Text>
    );
  }
  const ordered = [...comments].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <Stack ref={listRef} gap="sm" component="ol" className={classes.list} aria-label={t('commentsHeading')}>
      {ordered.map((comment) => (
        <Paper
          key={comment.id}
          component="li"
          withBorder
          p="sm"
          className={classes.comment}
          data-internal={(markInternal && comment.is_internal) || undefined}
          data-testid="comment"
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar radius="xl" size="md" color="initials" name={comment.commenter_name} aria-hidden />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {comment.commenter_name}
                  </Text>
                  {markInternal && comment.is_internal && (
                    <Badge color="yellow" variant="filled" size="sm">
                      {t('commentsInternal')}
                    </Badge>
                  )}
                  <FromTicketLabel ticketId={comment.from_ticket_id} />
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDisplayDateTime(comment.created_at, timeZone)}
                  {markInternal && comment.source !== 'web' && ` · ${t(SOURCES[comment.source])}`}
                </Text>
              </Group>
              <Text size="sm" className={classes.message}>
                {comment.message}
              </Text>
              {comment.attachments.length > 0 && (
                <ImageGallery images={comment.attachments} altPrefix={t('commentImage')} compact />
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
