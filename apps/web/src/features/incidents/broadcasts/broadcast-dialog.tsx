import broadcastsValidation from '@switchboard/shared/messages/en/validation/broadcasts.json';
import { addValidationCatalog } from '../../../lib/schema-messages.ts';
import { Alert, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { BROADCAST_KINDS, broadcastCreateSchema, type BroadcastKind, type BroadcastPreview } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useProviderTimeZone } from '../../../lib/public-config.ts';
import { errorsOf, validateWith } from '../../../lib/schema-form.ts';
import { useBroadcastPreview, useCreateBroadcast } from './broadcasts-api.ts';
import { broadcastMessages } from './messages.ts';
import { KIND_KEYS } from './broadcast-kinds.ts';

addValidationCatalog('broadcasts', broadcastsValidation);

export interface BroadcastDialogProps {
  incidentId: number;
  /** Only `restored` once the incident is resolved. */
  kinds: readonly BroadcastKind[];
  initialKind: BroadcastKind;
  /** The text the messages start from (the public note, or the resolution). */
  initialMessage: string;
  onClose: () => void;
  onSent: (message: string) => void;
}

/** What "Confirm" will do: how many, how long at the rate, and when quiet hours hold it back. */
function PreviewLine({ preview }: { preview: BroadcastPreview }) {
  const t = useMessages(broadcastMessages);
  const timeZone = useProviderTimeZone();
  if (preview.recipients === 0) return <Alert color="yellow">{t('previewNobody')}</Alert>;
  const minutes = Math.max(1, Math.ceil(preview.seconds / 60));
  return (
    <Stack gap={4}>
      <Text fw={600} data-testid="broadcast-preview">
        {t('preview', { count: preview.recipients, minutes, rate: preview.rate_per_second })}
      </Text>
      {preview.starts_at && (
        <Text size="sm" c="orange.8">
          {t('previewQuiet', { when: formatDisplayDateTime(preview.starts_at, timeZone) })}
        </Text>
      )}
    </Stack>
  );
}

/** "Tell the area" (DESIGN.md §23): the kind, the message in both languages, and the count before Confirm. */
export function BroadcastDialog({ incidentId, kinds, initialKind, initialMessage, onClose, onSent }: BroadcastDialogProps) {
  const t = useMessages(broadcastMessages);
  const [kind, setKind] = useState<BroadcastKind>(initialKind);
  const [messageEn, setMessageEn] = useState(initialMessage);
  const [messageBn, setMessageBn] = useState(initialMessage);
  const [tried, setTried] = useState(false);
  const preview = useBroadcastPreview(incidentId, kind, true);
  const create = useCreateBroadcast(incidentId);
  const body = { kind, message_en: messageEn, message_bn: messageBn };
  const errors = errorsOf(validateWith(broadcastCreateSchema, body));

  const confirm = () => {
    setTried(true);
    if (Object.keys(errors).length > 0 || !preview.data || preview.data.recipients === 0) return;
    create.mutate(body, { onSuccess: (reply) => onSent(reply.message) });
  };

  return (
    <ConfirmDialog
      opened
      title={kinds.length === 1 && kind === 'restored' ? t('offerRestored') : t('broadcastTitle')}
      body={
        preview.data ? (
          <PreviewLine preview={preview.data} />
        ) : (
          <Text c="dimmed">{preview.isError ? errorMessage(preview.error) : t('previewLoading')}</Text>
        )
      }
      loading={create.isPending}
      error={create.isError ? errorMessage(create.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        {kinds.length > 1 && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="broadcast-kind">
              {t('broadcastKind')}
            </Text>
            <SegmentedControl
              aria-labelledby="broadcast-kind"
              fullWidth
              value={kind}
              onChange={(value) => setKind(BROADCAST_KINDS.find((known) => known === value) ?? kind)}
              data={kinds.map((value) => ({ value, label: t(KIND_KEYS[value]) }))}
            />
          </Stack>
        )}
        <Textarea
          label={t('messageEn')}
          value={messageEn}
          onChange={(event) => setMessageEn(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          error={tried ? errors.message_en : undefined}
        />
        <Textarea
          label={t('messageBn')}
          lang="bn"
          value={messageBn}
          onChange={(event) => setMessageBn(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          error={tried ? errors.message_bn : undefined}
        />
      </Stack>
    </ConfirmDialog>
  );
}
