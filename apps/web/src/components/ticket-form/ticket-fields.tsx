import { Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TITLE_MAX_LENGTH } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { ImageAttachmentsInput } from '../image-attachments-input.tsx';
import { IncidentNotice } from '../incident-notice.tsx';
import { MultilineTextarea } from '../multiline-textarea.tsx';
import { PhoneNumberInput } from '../phone-number-input.tsx';
import { ticketFormMessages } from './messages.ts';
import type { TicketDraft } from './use-ticket-draft.ts';

/** What each field shows under it: the schema's message, the form's own words, or the server's refusal. */
export type TicketFieldErrors = Partial<
  Record<'group_id' | 'sub_group_id' | 'title' | 'problematic_number' | 'description', ReactNode>
>;

export interface TicketFieldsProps {
  draft: TicketDraft;
  errors: TicketFieldErrors;
  submitting: boolean;
  /** The number's browser hint: 'off' for staff typing a caller's number, 'tel-national' for one's own. */
  numberAutoComplete: string;
  /** Beside the number (the issuer type, the e-mail address). */
  besideNumber?: ReactNode;
  /** Under the number (the open tickets of the number). */
  belowNumber?: ReactNode;
  /** Under the title (help articles matching it, DESIGN.md §28). */
  belowTitle?: ReactNode;
}

/**
 * The fields of a ticket (spec §5 Ticket form, Public form) that both forms show: group and
 * subgroup with the incident notice, title, problematic number, description and images.
 */
export function TicketFields({
  draft,
  errors,
  submitting,
  numberAutoComplete,
  besideNumber,
  belowNumber,
  belowTitle,
}: TicketFieldsProps) {
  const t = useMessages(ticketFormMessages);
  const labels = useLabels();
  const hasSubgroups = draft.subgroupOptions.length > 0;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('group')}
          placeholder={t('groupPlaceholder')}
          data={draft.groupOptions}
          value={draft.groupId}
          onChange={draft.chooseGroup}
          error={errors.group_id}
          searchable
          required
          nothingFoundMessage={t('noSuchGroup')}
        />
        <Select
          label={t('subgroup')}
          placeholder={!draft.groupId ? t('chooseGroupFirst') : hasSubgroups ? t('subgroupPlaceholder') : t('noSubgroups')}
          data={draft.subgroupOptions}
          value={draft.subgroupId}
          onChange={draft.chooseSubgroup}
          error={errors.sub_group_id}
          disabled={!hasSubgroups}
          searchable
          required={hasSubgroups}
          nothingFoundMessage={t('noSuchSubgroup')}
        />
      </SimpleGrid>
      <IncidentNotice
        subGroupId={draft.subgroup?._id ?? null}
        subGroupName={draft.subgroup ? labels.subgroup(draft.subgroup) : ''}
      />
      <TextInput
        label={t('ticketTitle')}
        placeholder={t('ticketTitlePlaceholder')}
        value={draft.title}
        onChange={(event) => draft.setTitle(event.currentTarget.value)}
        error={errors.title}
        maxLength={TITLE_MAX_LENGTH}
        required
      />
      {belowTitle}
      <SimpleGrid cols={{ base: 1, sm: besideNumber ? 2 : 1 }} spacing="md">
        <PhoneNumberInput
          label={t('problematicNumber')}
          placeholder={t('problematicNumberPlaceholder')}
          autoComplete={numberAutoComplete}
          value={draft.numberEntry}
          onDigits={draft.setNumberEntry}
          onBlur={draft.touchNumber}
          error={errors.problematic_number}
          required
        />
        {besideNumber}
      </SimpleGrid>
      {belowNumber}
      <MultilineTextarea
        label={t('description')}
        placeholder={t('descriptionPlaceholder')}
        value={draft.description}
        onChange={draft.setDescription}
        error={errors.description}
        autosize
        minRows={5}
        maxRows={16}
        required
      />
      <ImageAttachmentsInput uploads={draft.uploads} label={t('attachments')} disabled={submitting} />
    </>
  );
}

export interface TicketSubmitProps {
  draft: TicketDraft;
  /** Every field passes the endpoint's schema. */
  valid: boolean;
  disabled: boolean;
  submitting: boolean;
  /** The full width on a phone (the public page). */
  wide?: boolean;
}

/** Submit, with why it waits: images still on their way, or images that failed. */
export function TicketSubmit({ draft, valid, disabled, submitting, wide = false }: TicketSubmitProps) {
  const t = useMessages(ticketFormMessages);
  return (
    <Stack gap={4} align="flex-end">
      <Button
        type="submit"
        disabled={disabled}
        loading={submitting}
        miw={140}
        w={wide ? { base: '100%', xs: 'auto' } : undefined}
      >
        {t('submit')}
      </Button>
      {valid && draft.uploads.busy && (
        <Text size="xs" c="dimmed">
          {t('uploadsBusy')}
        </Text>
      )}
      {valid && !draft.uploads.busy && draft.failedUploads && (
        <Text size="xs" c="red">
          {t('uploadsFailed')}
        </Text>
      )}
    </Stack>
  );
}
