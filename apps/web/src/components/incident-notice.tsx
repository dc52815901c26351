import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usePublicNotes } from '../lib/incidents.ts';

/** The words of the notice (DESIGN.md §14); shared by the public and the signed-in forms. */
export const incidentNoticeMessages = {
  title: (subgroup: string) => `We know about a fault affecting ${subgroup}; we are working on it.`,
  stillSubmit: 'You can still submit your ticket if your problem is different.',
} as const;

export interface IncidentNoticeProps {
  subGroupId: string | null;
  /** The subgroup as the form shows it. */
  subGroupName: string;
}

/**
 * Shown under the subgroup while an incident of it is active: the public notes, so that people
 * reporting the same fault learn it is known before they submit. Submitting stays possible.
 */
export function IncidentNotice({ subGroupId, subGroupName }: IncidentNoticeProps) {
  const notes = usePublicNotes(subGroupId).data?.data ?? [];
  if (notes.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={incidentNoticeMessages.title(subGroupName)}
    >
      <Stack gap={4}>
        {notes.map((note) => (
          <Text key={`${note.since}-${note.public_note}`} size="sm" style={{ whiteSpace: 'pre-line' }}>
            {note.public_note}
          </Text>
        ))}
        <Text size="sm" c="dimmed">
          {incidentNoticeMessages.stillSubmit}
        </Text>
      </Stack>
    </Alert>
  );
}
