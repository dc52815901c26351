import { Select, Stack, Text } from '@mantine/core';
import { createIncidentBodySchema } from '@switchboard/shared';
import { useState } from 'react';
import { useGroupChoices, useGroups } from '../entities/groups.ts';
import { useCreateIncident } from '../entities/incidents.ts';
import { errorMessage } from '../lib/api-client.ts';
import { useMessages } from '../lib/i18n.ts';
import { errorsOf, validateWith } from '../lib/schema-form.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { IncidentTextFields } from './incident-text-fields.tsx';
import { componentsMessages } from './messages.ts';

export interface NewIncidentDialogProps {
  opened: boolean;
  /** The ticket the incident starts with (the ticket view's "New incident"); none from the incidents screen. */
  ticket?: { ticket_id: number; title: string; group_id: string | null; sub_group_id: string | null };
  onClose: () => void;
  onCreated: (incidentId: number) => void;
}

/**
 * "New incident" (DESIGN.md §14) without a burst to start from: a title, the group and subgroup it
 * is about (their public note shows on the forms of that subgroup), the public note, and the ticket
 * it was opened from, linked at once.
 */
export function NewIncidentDialog({ opened, ticket, onClose, onCreated }: NewIncidentDialogProps) {
  const t = useMessages(componentsMessages);
  const groups = useGroups();
  const [title, setTitle] = useState(ticket?.title ?? '');
  const [groupId, setGroupId] = useState<string | null>(ticket?.group_id ?? null);
  const [subGroupId, setSubGroupId] = useState<string | null>(ticket?.sub_group_id ?? null);
  const [publicNote, setPublicNote] = useState('');
  const [tried, setTried] = useState(false);
  const { groupOptions, subgroupOptions } = useGroupChoices(groups.data, groupId, subGroupId);
  const create = useCreateIncident();
  const input = {
    title,
    group_id: groupId,
    sub_group_id: groupId ? subGroupId : null,
    public_note: publicNote,
    ticket_ids: ticket ? [ticket.ticket_id] : [],
  };
  const errors = errorsOf(validateWith(createIncidentBodySchema, input));

  const confirm = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    create.mutate(input, { onSuccess: (reply) => onCreated(reply.data.id) });
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t('newIncidentTitle')}
      body={ticket ? t('newIncidentForTicket', { id: String(ticket.ticket_id) }) : t('newIncidentBody')}
      loading={create.isPending}
      error={create.isError ? errorMessage(create.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <IncidentTextFields
          title={title}
          onTitleChange={setTitle}
          publicNote={publicNote}
          onPublicNoteChange={setPublicNote}
          errors={tried ? errors : undefined}
          labels={{ title: t('incidentTitle'), publicNote: t('publicNote'), publicNoteHint: t('publicNoteHint') }}
        >
          <Select
            label={t('incidentGroup')}
            placeholder={t('incidentAnyGroup')}
            data={groupOptions}
            value={groupId}
            onChange={(value) => {
              setGroupId(value);
              setSubGroupId(null);
            }}
            error={tried ? errors.group_id : undefined}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('incidentSubgroup')}
            placeholder={t('incidentAnyGroup')}
            data={subgroupOptions}
            value={subGroupId}
            onChange={setSubGroupId}
            disabled={subgroupOptions.length === 0}
            error={tried ? errors.sub_group_id : undefined}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </IncidentTextFields>
        {ticket && (
          <Text size="xs" c="dimmed">
            #{ticket.ticket_id}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
