import { Stack } from '@mantine/core';
import { updateIncidentBodySchema, type Incident } from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IncidentTextFields } from '../../../components/incident-text-fields.tsx';
import { useUpdateIncident } from '../../../entities/incidents.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { errorsOf, validateWith } from '../../../lib/schema-form.ts';
import { incidentMessages } from '../messages.ts';

export interface EditIncidentDialogProps {
  opened: boolean;
  incident: Pick<Incident, 'id' | 'title' | 'public_note'>;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** "Edit" of an active incident: its title and the public note the ticket forms show (DESIGN.md §14). */
export function EditIncidentDialog({ opened, incident, onClose, onSaved }: EditIncidentDialogProps) {
  const t = useMessages(incidentMessages);
  const [title, setTitle] = useState(incident.title);
  const [publicNote, setPublicNote] = useState(incident.public_note ?? '');
  const [tried, setTried] = useState(false);
  const update = useUpdateIncident();
  const body = { title, public_note: publicNote };
  const errors = errorsOf(validateWith(updateIncidentBodySchema, body));

  const confirm = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    update.mutate({ id: incident.id, body }, { onSuccess: (reply) => onSaved(reply.message) });
  };

  return (
    <ConfirmDialog
      opened={opened}
      title={t('editTitle')}
      body={t('editBody')}
      loading={update.isPending}
      error={update.isError ? errorMessage(update.error) : null}
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
          labels={{ title: t('editFieldTitle'), publicNote: t('publicNote'), publicNoteHint: t('editPublicNoteHint') }}
          noteRows={3}
        />
      </Stack>
    </ConfirmDialog>
  );
}
