import { Alert, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  isValidPhoneEntry,
  normaliseLineBreaks,
  PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK,
  publicIssueTicketBodySchema,
  TITLE_MAX_LENGTH,
  withCountryPrefix,
} from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { ImageAttachmentsInput } from '../../../components/image-attachments-input.tsx';
import { IncidentNotice } from '../../../components/incident-notice.tsx';
import { MultilineTextarea } from '../../../components/multiline-textarea.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { createFormBotCheck, type FormBotCheck } from '../../../lib/captcha.ts';
import { useGroupChoices, useGroups } from '../../../entities/groups.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { useImageUploads } from '../../../lib/use-image-uploads.ts';
import { PUBLIC_PRESIGN_PATH, type PublicTicketFields } from '../api/submit-public-ticket.ts';
import { publicTicketMessages } from '../messages.ts';

export interface PublicTicketFormProps {
  submitting: boolean;
  /** The refusal of the last submit, shown inline (and per field where the server names one). */
  error: unknown;
  /** Called on every edit, so that a refusal about the old values goes away. */
  onEdit: () => void;
  /** The fields, and the form's bot check (its images' solution serves the submission too). */
  onSubmit: (fields: PublicTicketFields, botCheck: FormBotCheck) => void;
}

/** The endpoint's own schema without the bot check: the page never accepts what the API refuses. */
const fieldsSchema = publicIssueTicketBodySchema.omit({ token: true });

/** The server's own rule for the address, so that the page never accepts what the API refuses. */
export function isValidEmail(value: string): boolean {
  return publicIssueTicketBodySchema.shape.client_email.safeParse(value).success;
}

/**
 * The form of /create-ticket (spec §2, §5 Public form): the signed-in form's fields without the
 * issuer type, plus the e-mail address, checked when the field is left. Submit stays disabled until
 * everything is valid and the images are up; the bot check runs when it is pressed.
 */
export function PublicTicketForm({ submitting, error, onEdit, onSubmit }: PublicTicketFormProps) {
  const t = useMessages(publicTicketMessages);
  const labels = useLabels();
  const groups = useGroups();
  // One bot check per form, solved invisibly when the first image is picked (or on submit).
  const [botCheck] = useState(() => createFormBotCheck(PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK));
  const [presignFields] = useState(() => async () => ({ token: await botCheck.forUpload() }));
  const uploads = useImageUploads({ presignPath: PUBLIC_PRESIGN_PATH, anonymous: true, presignFields });
  const [groupId, setGroupId] = useState<string | null>(null);
  const [subgroupId, setSubgroupId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [numberEntry, setNumberEntry] = useState('');
  const [numberTouched, setNumberTouched] = useState(false);
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [description, setDescription] = useState('');
  const { groupOptions, subgroupOptions, group, subgroup } = useGroupChoices(groups.data, groupId, subgroupId);

  const numberValid = isValidPhoneEntry(numberEntry);
  const emailValid = isValidEmail(email);
  const groupHasSubgroups = subgroupOptions.length > 0;
  const failedUploads = uploads.items.some((item) => item.status === 'failed');
  const fields: PublicTicketFields = {
    title: title.trim(),
    problematic_number: withCountryPrefix(numberEntry),
    client_email: email.trim(),
    description: normaliseLineBreaks(description),
    attachments: uploads.urls,
    group_id: group?._id ?? '',
    group_name: group?.group_name ?? '',
    sub_group_id: subgroup?._id ?? null,
    sub_group_name: subgroup?.sub_group_en ?? null,
    issuer_user_type: 'customer',
  };
  const valid = fieldsSchema.safeParse(fields).success && group !== undefined && (subgroup !== undefined || !groupHasSubgroups);
  const ready = valid && !uploads.busy && !failedUploads && !submitting;
  const serverSays = (field: string) => (error instanceof ApiError ? error.details?.[field] : undefined);

  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      onEdit();
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onSubmit(fields, botCheck);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('pageTitle')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('group')}
            placeholder={t('groupPlaceholder')}
            data={groupOptions}
            value={groupId}
            onChange={edited((value: string | null) => {
              setGroupId(value);
              setSubgroupId(null);
            })}
            error={serverSays('group_id')}
            searchable
            required
            nothingFoundMessage={t('noSuchGroup')}
          />
          <Select
            label={t('subgroup')}
            placeholder={!groupId ? t('chooseGroupFirst') : groupHasSubgroups ? t('subgroupPlaceholder') : t('noSubgroups')}
            data={subgroupOptions}
            value={subgroupId}
            onChange={edited(setSubgroupId)}
            error={serverSays('sub_group_id')}
            disabled={!groupHasSubgroups}
            searchable
            required={groupHasSubgroups}
            nothingFoundMessage={t('noSuchSubgroup')}
          />
        </SimpleGrid>
        <IncidentNotice subGroupId={subgroup?._id ?? null} subGroupName={subgroup ? labels.subgroup(subgroup) : ''} />
        <TextInput
          label={t('ticketTitle')}
          placeholder={t('ticketTitlePlaceholder')}
          value={title}
          onChange={(event) => edited(setTitle)(event.currentTarget.value)}
          error={serverSays('title')}
          maxLength={TITLE_MAX_LENGTH}
          required
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('problematicNumber')}
            placeholder={t('problematicNumberPlaceholder')}
            leftSection="+88"
            leftSectionWidth={44}
            inputMode="tel"
            autoComplete="tel-national"
            value={numberEntry}
            onChange={(event) => edited(setNumberEntry)(event.currentTarget.value.replace(/\D/g, '').slice(0, 11))}
            onBlur={() => setNumberTouched(true)}
            error={
              numberTouched && numberEntry !== '' && !numberValid
                ? t('problematicNumberInvalid')
                : serverSays('problematic_number')
            }
            required
          />
          <TextInput
            label={t('email')}
            placeholder={t('emailPlaceholder')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(event) => edited(setEmail)(event.currentTarget.value)}
            // Checked once the person leaves the field, then as they correct it.
            onBlur={() => setEmailTouched(true)}
            error={emailTouched && email.trim() !== '' && !emailValid ? t('emailInvalid') : serverSays('client_email')}
            required
          />
        </SimpleGrid>
        <MultilineTextarea
          label={t('description')}
          placeholder={t('descriptionPlaceholder')}
          value={description}
          onChange={edited(setDescription)}
          error={serverSays('description')}
          autosize
          minRows={5}
          maxRows={16}
          required
        />
        <ImageAttachmentsInput uploads={uploads} label={t('attachments')} disabled={submitting} />
        {error !== null && error !== undefined && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={t('failedTitle')} role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        <Stack gap={4} align="flex-end">
          <Button type="submit" disabled={!ready && !submitting} loading={submitting} miw={140} w={{ base: '100%', xs: 'auto' }}>
            {t('submit')}
          </Button>
          {valid && uploads.busy && (
            <Text size="xs" c="dimmed">
              {t('uploadsBusy')}
            </Text>
          )}
          {valid && !uploads.busy && failedUploads && (
            <Text size="xs" c="red">
              {t('uploadsFailed')}
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
