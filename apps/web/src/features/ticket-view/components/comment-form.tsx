import { Alert, Button, Checkbox, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { addCommentBodySchema, canUseCannedReplies } from '@switchboard/shared';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { ImageAttachmentsInput } from '../../../components/image-attachments-input.tsx';
import { MultilineTextarea } from '../../../components/multiline-textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { translateMessageRef } from '../../../lib/schema-messages.ts';
import { currentSession } from '../../../lib/session.ts';
import { useImageUploads } from '../../../lib/use-image-uploads.ts';
import { insertText, type TextSelection } from '../insert-text.ts';
import { useAddComment } from '../api/ticket.ts';
import { ticketViewMessages } from '../messages.ts';
import { useCommentDraft } from '../use-comment-draft.ts';
import { useReplyCollision } from '../use-reply-collision.ts';

export interface CommentFormProps {
  ticketId: number;
  /** Staff choose internal or external; agents and customers always write external comments (spec §6). */
  canWriteInternal: boolean;
  /**
   * Staff who may act on the ticket may send an external reply that waits for the customer's
   * answer (DESIGN.md §26): the ticket's clock stops until the issuer answers.
   */
  canWaitForCustomer?: boolean;
  /**
   * The created_at of the newest comment the view shows (the ticket's when none): what the writer
   * has seen, sent as seen_until so that a reply written meanwhile by somebody else is shown first.
   */
  newestShown: string;
  /** Told whether this person is writing (text in the box, or the box in focus), for the presence line. */
  onReplyingChange?: (replying: boolean) => void;
}

// Staff only, and loaded when the form shows it: the ticket view's bundle stays as it was.
const InsertReplyPicker = lazy(async () => ({
  default: (await import('./insert-reply-picker.tsx')).InsertReplyPicker,
}));

/** The spec's rule (§5): Send is disabled when the message is blank after trimming, or while sending. */
export function canSend(message: string, sending: boolean): boolean {
  return message.trim() !== '' && !sending;
}

/** The endpoint's own rule for the message (its length limit and text), for as long as it is typed. */
function messageProblem(message: string): string | undefined {
  if (message.trim() === '') return undefined;
  const parsed = addCommentBodySchema.shape.message.safeParse(message);
  const first = parsed.success ? undefined : parsed.error.issues[0];
  return first && translateMessageRef(first.message);
}

/**
 * The comment form of the ticket view: message, images, the internal/external toggle for staff,
 * "Wait for the customer" beside an external reply, Send. The message is kept as a draft while
 * typed; a failed send keeps the message, the files and the choices.
 */
export function CommentForm({
  ticketId,
  canWriteInternal,
  canWaitForCustomer = false,
  newestShown,
  onReplyingChange,
}: CommentFormProps) {
  const t = useMessages(ticketViewMessages);
  const draft = useCommentDraft(ticketId);
  const message = draft.text;
  const [internal, setInternal] = useState(false);
  const [wait, setWait] = useState(false);
  // An internal note never waits: the choice shows only beside an external reply.
  const offersWait = canWaitForCustomer && !(canWriteInternal && internal);
  const uploads = useImageUploads({ presignPath: '/tickets/get-presigned-post' });
  const addComment = useAddComment();
  const sending = addComment.isPending;
  const problem = messageProblem(message);
  // Where a canned reply goes: the last caret or selection in the message (none yet: appended).
  const selection = useRef<TextSelection | null>(null);
  const session = currentSession();
  const collision = useReplyCollision(ticketId, newestShown, message);
  const [focused, setFocused] = useState(false);
  const replying = focused || message.trim() !== '';
  useEffect(() => onReplyingChange?.(replying), [onReplyingChange, replying]);

  const keepSelection = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    selection.current = { start: event.currentTarget.selectionStart, end: event.currentTarget.selectionEnd };
  };

  const insertReply = (text: string) => {
    const inserted = insertText(message, text, selection.current);
    selection.current = { start: inserted.caret, end: inserted.caret };
    draft.change(inserted.text);
  };

  const clear = () => {
    draft.clear();
    setInternal(false);
    setWait(false);
    uploads.reset();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend(message, sending) || uploads.busy) return;
    const body = addCommentBodySchema.safeParse({
      ticket_id: ticketId,
      message,
      is_internal: canWriteInternal && internal,
      attachments: uploads.urls,
      wait_for_customer: offersWait && wait,
      seen_until: collision.seenUntil(),
    });
    if (!body.success) return;
    addComment.mutate(body.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: t('commentFormSuccessTitle'), message: t('commentFormSuccess') });
        collision.sent();
        clear();
      },
      // Unlike the spec's "form cleared": what the user wrote stays, to be sent again.
      onError: (error) => {
        if (!collision.collidedWith(error)) notifications.show({ color: 'red', message: errorMessage(error) });
      },
    });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={t('commentFormLabel')}>
      <Stack gap="sm">
        <MultilineTextarea
          label={t('commentFormMessage')}
          placeholder={t('commentFormPlaceholder')}
          rows={4}
          value={message}
          onChange={draft.change}
          onSelect={keepSelection}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          error={problem}
          disabled={sending}
        />
        {session && canUseCannedReplies(session) && (
          <Suspense fallback={null}>
            <Group gap="xs">
              <InsertReplyPicker ticketId={ticketId} disabled={sending} onInsert={insertReply} />
            </Group>
          </Suspense>
        )}
        <ImageAttachmentsInput uploads={uploads} label={t('commentFormFiles')} disabled={sending} />
        {offersWait && (
          <Checkbox
            checked={wait}
            onChange={(event) => setWait(event.currentTarget.checked)}
            label={t('commentFormWaitForCustomer')}
            description={t('commentFormWaitHint')}
            disabled={sending}
          />
        )}
        {collision.collided !== null && (
          <Alert color="yellow" title={t('commentFormRepliedTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{collision.collided}</Text>
              <Button size="xs" variant="light" color="yellow" onClick={() => submit()} loading={sending} disabled={uploads.busy}>
                {t('commentFormSendAnyway')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Group justify="space-between" align="center" gap="sm">
          {canWriteInternal ? (
            <Switch
              color="yellow"
              checked={internal}
              onChange={(event) => setInternal(event.currentTarget.checked)}
              label={internal ? t('commentFormInternal') : t('commentFormExternal')}
              disabled={sending}
            />
          ) : (
            <span />
          )}
          <Group gap="xs" wrap="nowrap">
            {uploads.busy && (
              <Text size="xs" c="dimmed">
                {t('commentFormUploadsBusy')}
              </Text>
            )}
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={sending}
              disabled={!canSend(message, sending) || uploads.busy}
            >
              {t('commentFormSend')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
