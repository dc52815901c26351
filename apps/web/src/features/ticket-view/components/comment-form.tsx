import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { normaliseLineBreaks } from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { ImageAttachmentsInput } from '../../../components/image-attachments-input.tsx';
import { MultilineTextarea } from '../../../components/multiline-textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useImageUploads } from '../../../lib/use-image-uploads.ts';
import { useAddComment } from '../api/ticket.ts';
import { messages } from '../messages.ts';

export interface CommentFormProps {
  ticketId: number;
  /** Staff choose internal or external; agents and customers always write external comments (spec §6). */
  canWriteInternal: boolean;
}

/** The spec's rule (§5): Send is disabled when the message is blank after trimming, or while sending. */
export function canSend(message: string, sending: boolean): boolean {
  return message.trim() !== '' && !sending;
}

/** The comment form of the ticket view: message, images, the internal/external toggle for staff, Send. */
export function CommentForm({ ticketId, canWriteInternal }: CommentFormProps) {
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const uploads = useImageUploads({ presignPath: '/tickets/get-presigned-post' });
  const addComment = useAddComment();
  const sending = addComment.isPending;

  // Success and failure both leave an empty form (spec §4).
  const clear = () => {
    setMessage('');
    setInternal(false);
    uploads.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend(message, sending) || uploads.busy) return;
    addComment.mutate(
      {
        ticket_id: ticketId,
        message: normaliseLineBreaks(message),
        is_internal: canWriteInternal && internal,
        attachments: uploads.urls,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: messages.commentForm.successTitle, message: messages.commentForm.success });
          clear();
        },
        onError: (error) => {
          notifications.show({ color: 'red', message: errorMessage(error) });
          clear();
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label="New comment">
      <Stack gap="sm">
        <MultilineTextarea
          label={messages.commentForm.message}
          placeholder={messages.commentForm.placeholder}
          rows={4}
          value={message}
          onChange={setMessage}
          disabled={sending}
        />
        <ImageAttachmentsInput uploads={uploads} label={messages.commentForm.files} disabled={sending} />
        <Group justify="space-between" align="center" gap="sm">
          {canWriteInternal ? (
            <Switch
              color="yellow"
              checked={internal}
              onChange={(event) => setInternal(event.currentTarget.checked)}
              label={internal ? messages.commentForm.internal : messages.commentForm.external}
              disabled={sending}
            />
          ) : (
            <span />
          )}
          <Group gap="xs" wrap="nowrap">
            {uploads.busy && (
              <Text size="xs" c="dimmed">
                {messages.commentForm.uploadsBusy}
              </Text>
            )}
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={sending}
              disabled={!canSend(message, sending) || uploads.busy}
            >
              {messages.commentForm.send}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
