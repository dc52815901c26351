import { Alert, Button, Stack, Title } from '@mantine/core';
import type { Ticket } from '@switchboard/shared';
import { useRef } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketViewMessages } from '../messages.ts';
import { useCommentPages } from '../use-comment-pages.ts';
import { useKeepScrollPosition } from '../use-keep-scroll-position.ts';
import { CommentList } from './comment-list.tsx';

export interface CommentsSectionProps {
  ticket: Pick<Ticket, 'ticket_id' | 'comments' | 'comments_total'>;
  markInternal: boolean;
  timeZone: string | undefined;
}

/** The conversation: the newest comments, and the earlier ones a page at a time on request. */
export function CommentsSection({ ticket, markInternal, timeZone }: CommentsSectionProps) {
  const list = useRef<HTMLDivElement>(null);
  const pages = useCommentPages(ticket, useKeepScrollPosition(list));
  const t = useMessages(ticketViewMessages);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="comments-heading">
        {t('commentsHeading')}
      </Title>
      {pages.error !== null && (
        <Alert color="red" variant="light" title={t('commentsEarlierFailed')} role="alert">
          {errorMessage(pages.error)}
        </Alert>
      )}
      {pages.hasEarlier && (
        <Button variant="light" loading={pages.loading} onClick={() => void pages.loadEarlier()} style={{ alignSelf: 'center' }}>
          {pages.error === null ? t('commentsShowEarlier') : t('retry')}
        </Button>
      )}
      <CommentList listRef={list} comments={pages.comments} markInternal={markInternal} timeZone={timeZone} />
    </Stack>
  );
}
