import cannedRepliesValidation from '@switchboard/shared/messages/en/validation/canned-replies.json';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CANNED_REPLY_BODY_MAX_LENGTH,
  CANNED_REPLY_TITLE_MAX_LENGTH,
  cannedReplyBodySchema,
  DEPARTMENTS,
  departmentOf,
  type CannedReply,
  type Department,
  type Viewer,
} from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { errorsOf, validateWith } from '../../lib/schema-form.ts';
import { useSaveCannedReply } from '../../entities/canned-replies.ts';
import { useMessages, type Translate } from '../../lib/i18n.ts';
import { useLabels, type Labels } from '../../lib/labels.ts';
import { cannedReplyMessages } from './messages.ts';

addValidationCatalog('canned-replies', cannedRepliesValidation);

const SHARED = 'shared';

/** The departments a viewer may write replies for: admins every one and the shared ones, staff their own. */
function departmentOptions(
  viewer: Viewer,
  t: Translate<keyof typeof cannedReplyMessages.english>,
  labels: Labels,
): { value: string; label: string }[] {
  const departments: Department[] =
    viewer.role === 'admin' ? [...DEPARTMENTS] : [departmentOf(viewer.user_type)].filter((d) => d !== null);
  const options = departments.map((department) => ({ value: department, label: labels.department(department) }));
  return viewer.role === 'admin' ? [{ value: SHARED, label: t('shared') }, ...options] : options;
}

export interface CannedReplyDialogProps {
  viewer: Viewer;
  /** The reply to edit; null creates one. */
  reply: CannedReply | null;
  onClose: () => void;
}

/** Creates or edits a canned reply; validated with the endpoint's own schema as it is typed. */
export function CannedReplyDialog({ viewer, reply, onClose }: CannedReplyDialogProps) {
  const t = useMessages(cannedReplyMessages);
  const labels = useLabels();
  const options = departmentOptions(viewer, t, labels);
  const [title, setTitle] = useState(reply?.title ?? '');
  const [bodyEn, setBodyEn] = useState(reply?.body_en ?? '');
  const [bodyBn, setBodyBn] = useState(reply?.body_bn ?? '');
  const [department, setDepartment] = useState<string>(
    reply ? (reply.department ?? SHARED) : (options.find((o) => o.value !== SHARED)?.value ?? SHARED),
  );
  const [tried, setTried] = useState(false);
  const save = useSaveCannedReply();
  const input = {
    title,
    body_en: bodyEn,
    body_bn: bodyBn,
    department: department === SHARED ? null : (department as Department),
  };
  const errors = errorsOf(validateWith(cannedReplyBodySchema, input));

  const confirm = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      { id: reply?.id ?? null, body: input },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('formSaved') });
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened
      title={reply ? t('formEditTitle') : t('formCreateTitle')}
      body={t('formBody')}
      loading={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <TextInput
          label={t('formTitle')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={CANNED_REPLY_TITLE_MAX_LENGTH}
          error={tried ? errors.title : undefined}
          required
          data-autofocus
        />
        <Select
          label={t('formDepartment')}
          data={options}
          value={department}
          onChange={(value) => setDepartment(value ?? department)}
          allowDeselect={false}
          disabled={options.length < 2}
          error={tried ? errors.department : undefined}
        />
        <Textarea
          label={t('formBodyEn')}
          value={bodyEn}
          onChange={(event) => setBodyEn(event.currentTarget.value)}
          maxLength={CANNED_REPLY_BODY_MAX_LENGTH}
          error={tried ? errors.body_en : undefined}
          required
          autosize
          minRows={3}
          maxRows={10}
        />
        <Textarea
          label={t('formBodyBn')}
          description={t('formBodyBnHint')}
          value={bodyBn}
          onChange={(event) => setBodyBn(event.currentTarget.value)}
          maxLength={CANNED_REPLY_BODY_MAX_LENGTH}
          error={tried ? errors.body_bn : undefined}
          autosize
          minRows={2}
          maxRows={10}
        />
        <Text size="xs" c="dimmed">
          {t('formPlaceholders')}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
