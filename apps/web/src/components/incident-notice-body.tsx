import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMessages } from '../lib/i18n.ts';
import { usePublicNotes } from '../entities/incidents.ts';
import { componentsMessages } from './messages.ts';

interface IncidentNoticeBodyProps {
  subGroupId: string;
  subGroupName: string;
}

/** The notice of IncidentNotice, in a chunk of its own (see there). */
export function IncidentNoticeBody({ subGroupId, subGroupName }: IncidentNoticeBodyProps) {
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
