import { Alert, Button, Stack } from '@mantine/core';
import { RATING_COMMENT_MAX_LENGTH, RATING_COMMENT_WINDOW_MINUTES, rateCommentBodySchema } from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { MultilineTextarea } from '../../../components/multiline-textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { validateWith } from '../../../lib/schema-form.ts';
import { useRateComment } from '../api/rate.ts';
import { ratingMessages } from '../messages.ts';

export interface RatingCommentFormProps {
  token: string;
}

/** The optional words after the tap: sent once; a failed send keeps the text. */
export function RatingCommentForm({ token }: RatingCommentFormProps) {
  const t = useMessages(ratingMessages);
  const send = useRateComment();
  const [comment, setComment] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  if (send.isSuccess) {
    return (
      <Alert color="teal" role="status">
        {t('commentSaved')}
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const validated = validateWith(rateCommentBodySchema, { token, comment });
    if (!validated.ok) return setInvalid(validated.errors.comment ?? validated.errors.token ?? null);
    setInvalid(null);
    send.mutate(validated.body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <MultilineTextarea
          label={t('commentLabel')}
          description={t('commentHint', { minutes: RATING_COMMENT_WINDOW_MINUTES })}
          value={comment}
          onChange={setComment}
          maxLength={RATING_COMMENT_MAX_LENGTH}
          autosize
          minRows={3}
          error={invalid}
        />
        {send.isError && (
          <Alert color="red" role="alert">
            {errorMessage(send.error)}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('sendComment')}
        </Button>
      </Stack>
    </form>
  );
}
