import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import type { Incident } from '@switchboard/shared';
import { currentLanguage, useMessages } from '../../../lib/i18n.ts';
import { useAreas } from './broadcasts-api.ts';
import { broadcastMessages } from './messages.ts';

export interface IncidentAreasProps {
  incident: Pick<Incident, 'status' | 'area_codes'>;
  onEdit: () => void;
}

/** The areas an incident affects, by name in the viewer's language (DESIGN.md §23); staff edit them while it lasts. */
export function IncidentAreas({ incident, onEdit }: IncidentAreasProps) {
  const t = useMessages(broadcastMessages);
  const areas = useAreas();
  const bangla = currentLanguage() === 'bn';
  const nameOf = (code: string) => {
    const area = areas.data?.find((known) => known.code === code);
    return area ? (bangla ? area.name_bn : area.name_en) : code;
  };
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {t('areasTitle')}
        </Title>
        {incident.status === 'active' && (
          <Button size="xs" variant="default" onClick={onEdit}>
            {t('editAreas')}
          </Button>
        )}
      </Group>
      {incident.area_codes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noAreas')}
        </Text>
      ) : (
        <Group gap="xs" data-testid="incident-areas">
          {incident.area_codes.map((code) => (
            <Badge key={code} variant="light" size="lg" tt="none" title={code}>
              {nameOf(code)}
            </Badge>
          ))}
        </Group>
      )}
    </Paper>
  );
}
