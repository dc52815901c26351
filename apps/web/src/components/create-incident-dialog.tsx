import { Stack, Text } from '@mantine/core';
import { createIncidentBodySchema, type IncidentSuggestion } from '@switchboard/shared';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { useMessages } from '../lib/i18n.ts';
import { useLabels } from '../lib/labels.ts';
import { useCreateIncident } from '../entities/incidents.ts';
import { errorsOf, validateWith } from '../lib/schema-form.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { IncidentTextFields } from './incident-text-fields.tsx';
import { componentsMessages } from './messages.ts';

export interface CreateIncidentDialogProps {
  opened: boolean;
  /** What the incident is about: a suggestion of the banner (its tickets are linked). */
  suggestion: IncidentSuggestion;
  onClose: () => void;
  onCreated: (incidentId: number) => void;
}

/** "Group as an incident": one Confirm creates the incident with the suggestion's tickets. */
export function CreateIncidentDialog({ opened, suggestion, onClose, onCreated }: CreateIncidentDialogProps) {
  const t = useMessages(componentsMessages);
  const labels = useLabels();
  const subgroup = suggestion.sub_group_name
    ? labels.subgroup({ sub_group_en: suggestion.sub_group_name, sub_group_bn: suggestion.sub_group_name_bn })
    : '';
  const where = `${suggestion.group_name} › ${subgroup}`;
  const [title, setTitle] = useState(where);
  const [publicNote, setPublicNote] = useState('');
  const [tried, setTried] = useState(false);
  const create = useCreateIncident();
  const input = {
    title,
    group_id: suggestion.group_id,
    sub_group_id: suggestion.sub_group_id,
    public_note: publicNote,
    ticket_ids: suggestion.ticket_ids,
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
      title={t('createIncidentTitle')}
      body={t('createIncidentBody', { count: suggestion.ticket_ids.length, where })}
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
        />
        <Text size="xs" c="dimmed">
          {suggestion.ticket_ids.map((id) => `#${id}`).join(', ')}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
