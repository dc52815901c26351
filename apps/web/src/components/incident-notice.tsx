import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMessages } from '../lib/i18n.ts';
import { usePublicNotes } from '../lib/incidents.ts';
import { componentsMessages } from './messages.ts';

export interface IncidentNoticeProps {
  subGroupId: string | null;
  /** The subgroup's name in the interface's language (`useLabels().subgroup`). */
  subGroupName: string;
}

/**
 * Shown under the subgroup while an incident of it is active: the public notes, so that people
 * reporting the same fault learn it is known before they submit. Submitting stays possible.
 */
export function IncidentNotice({ subGroupId, subGroupName }: IncidentNoticeProps) {
  const t = useMessages(componentsMessages);
  const notes = usePublicNotes(subGroupId).data?.data ?? [];
  if (notes.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={t('incidentKnown', { subgroup: subGroupName })}
    >
      <Stack gap={4}>
        {notes.map((note) => (
          <Text key={`${note.since}-${note.public_note}`} size="sm" style={{ whiteSpace: 'pre-line' }}>
            {note.public_note}
          </Text>
        ))}
        <Text size="sm" c="dimmed">
          {t('incidentStillSubmit')}
        </Text>
      </Stack>
    </Alert>
  );
}
