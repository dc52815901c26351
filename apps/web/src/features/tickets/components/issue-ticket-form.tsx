import { Button, Input, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  canChooseIssuerType,
  isValidPhoneEntry,
  issueTicketBodySchema,
  normaliseLineBreaks,
  TITLE_MAX_LENGTH,
  withCountryPrefix,
  type IssueTicketInput,
  type IssuerUserType,
  type UserType,
} from '@switchboard/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ImageAttachmentsInput } from '../../../components/image-attachments-input.tsx';
import { IncidentNotice } from '../../../components/incident-notice.tsx';
import { MultilineTextarea } from '../../../components/multiline-textarea.tsx';
import { useGroupChoices, useGroups } from '../../../entities/groups.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { errorsOf, validateWith } from '../../../lib/schema-form.ts';
import { useImageUploads } from '../../../lib/use-image-uploads.ts';
import { ticketsMessages } from '../messages.ts';

export interface IssueTicketFormProps {
  userType: UserType;
  submitting: boolean;
  onSubmit: (body: IssueTicketInput) => void;
  /** Shown under the number (the open tickets of the number, on /add-ticket); gets what was typed after +88. */
  numberNotice?: (entry: string) => ReactNode;
}

const PRESIGN_PATH = '/tickets/get-presigned-post';

/** Agents raise tickets mostly for themselves; staff mostly on behalf of a customer who called. */
function defaultIssuerType(userType: UserType): IssuerUserType {
  return userType === 'agent' ? 'agent' : 'customer';
}

/**
 * The create-ticket form of signed-in users (spec §2 /add-ticket, §5 Ticket form). Submit stays
 * disabled until title, number, description, group and subgroup are valid and the images are up.
 */
export function IssueTicketForm({ userType, submitting, onSubmit, numberNotice }: IssueTicketFormProps) {
  const t = useMessages(ticketsMessages);
  const labels = useLabels();
  const groups = useGroups();
  const uploads = useImageUploads({ presignPath: PRESIGN_PATH });
  const [groupId, setGroupId] = useState<string | null>(null);
  const [subgroupId, setSubgroupId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [numberEntry, setNumberEntry] = useState('');
  const [numberTouched, setNumberTouched] = useState(false);
  const [description, setDescription] = useState('');
  const [issuerType, setIssuerType] = useState<IssuerUserType>(defaultIssuerType(userType));
  const { groupOptions, subgroupOptions, group, subgroup } = useGroupChoices(groups.data, groupId, subgroupId);

  const numberValid = isValidPhoneEntry(numberEntry);
  const groupHasSubgroups = subgroupOptions.length > 0;
  const failedUploads = uploads.items.some((item) => item.status === 'failed');
  const valid =
    title.trim() !== '' &&
    numberValid &&
    description.trim() !== '' &&
    group !== undefined &&
    // The server requires a subgroup only when the group has any.
    (subgroup !== undefined || !groupHasSubgroups);
  const ready = valid && !uploads.busy && !failedUploads;
  const chooseIssuer = canChooseIssuerType({ user_type: userType });

  const body: IssueTicketInput = {
    title: title.trim(),
    problematic_number: withCountryPrefix(numberEntry),
    description: normaliseLineBreaks(description),
    attachments: uploads.urls,
    group_id: group?._id ?? '',
    group_name: group?.group_name,
    sub_group_id: subgroup?._id ?? null,
    sub_group_name: subgroup?.sub_group_en ?? null,
    issuer_user_type: chooseIssuer ? issuerType : 'customer',
  };
  // The endpoint's schema judges what has been typed; an empty field is the disabled button's business.
  const schemaErrors = errorsOf(validateWith(issueTicketBodySchema, body));
  const errorOf = (field: 'title' | 'problematic_number' | 'description', entered: boolean) =>
    entered ? schemaErrors[field] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || Object.keys(schemaErrors).length > 0) return;
    onSubmit(body);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('group')}
            placeholder={t('groupPlaceholder')}
            data={groupOptions}
            value={groupId}
            onChange={(value) => {
              setGroupId(value);
              setSubgroupId(null);
            }}
            searchable
            required
            nothingFoundMessage={t('noSuchGroup')}
          />
          <Select
            label={t('subgroup')}
            placeholder={!groupId ? t('chooseGroupFirst') : groupHasSubgroups ? t('subgroupPlaceholder') : t('noSubgroups')}
            data={subgroupOptions}
            value={subgroupId}
            onChange={setSubgroupId}
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
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={TITLE_MAX_LENGTH}
          error={errorOf('title', title !== '')}
          required
        />
        <SimpleGrid cols={{ base: 1, sm: chooseIssuer ? 2 : 1 }} spacing="md">
          <TextInput
            label={t('problematicNumber')}
            placeholder={t('problematicNumberPlaceholder')}
            leftSection="+88"
            leftSectionWidth={44}
            inputMode="tel"
            autoComplete="off"
            value={numberEntry}
            onChange={(event) => setNumberEntry(event.currentTarget.value.replace(/\D/g, '').slice(0, 11))}
            onBlur={() => setNumberTouched(true)}
            error={errorOf('problematic_number', numberTouched && numberEntry !== '')}
            required
          />
          {chooseIssuer && (
            <Input.Wrapper label={t('issuerType')} labelElement="div" id="issuer-type">
              <SegmentedControl<IssuerUserType>
                fullWidth
                aria-labelledby="issuer-type-label"
                value={issuerType}
                onChange={setIssuerType}
                data={[
                  { value: 'agent', label: labels.userType('agent') },
                  { value: 'customer', label: labels.userType('customer') },
                ]}
              />
            </Input.Wrapper>
          )}
        </SimpleGrid>
        {numberNotice?.(numberEntry)}
        <MultilineTextarea
          label={t('description')}
          placeholder={t('descriptionPlaceholder')}
          value={description}
          onChange={setDescription}
          autosize
          minRows={5}
          maxRows={16}
          error={errorOf('description', description !== '')}
          required
        />
        <ImageAttachmentsInput uploads={uploads} label={t('attachments')} disabled={submitting} />
        <Stack gap={4} align="flex-end">
          <Button type="submit" disabled={!ready} loading={submitting} miw={140}>
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
    </Paper>
  );
}
