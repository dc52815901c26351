import { Alert, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Incident } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { incidentMessages } from '../messages.ts';

type AlarmFacts = Pick<Incident, 'opened_by' | 'firing_alarm_count' | 'area_codes'>;

/** What the network's alarms say of an incident (DESIGN.md §22): who opened it, what still fires, where. */
export function IncidentAlarmFacts({ incident }: { incident: AlarmFacts }) {
  const t = useMessages(incidentMessages);
  const byAlarm = incident.opened_by === 'alarm';
  if (!byAlarm && incident.firing_alarm_count === 0 && incident.area_codes.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {byAlarm && (
        <Badge color="grape" variant="light" tt="none">
          {t('openedByAlarm')}
        </Badge>
      )}
      {incident.firing_alarm_count > 0 && (
        <Anchor size="sm" renderRoot={(props) => <Link to="/alarms" search={{ view: 'firing', page: 1 }} {...props} />}>
          {t('alarmsFiring', { count: incident.firing_alarm_count })}
        </Anchor>
      )}
      {incident.area_codes.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('areaCodes', { codes: incident.area_codes.join(', ') })}
        </Text>
      )}
    </Group>
  );
}

/**
 * Every alarm behind the incident resolved and stayed quiet through the hold-down, and its rule
 * leaves the resolving to staff: the question, and the resolve dialog with the rule's message.
 */
export function NetworkRecoveredAlert({ onResolve, disabled }: { onResolve: () => void; disabled: boolean }) {
  const t = useMessages(incidentMessages);
  return (
    <Alert color="teal" variant="light" title={t('networkRecovered')}>
      <Text size="sm" mb="sm">
        {t('networkRecoveredBody')}
      </Text>
      <Button color="teal" size="sm" onClick={onResolve} disabled={disabled}>
        {t('resolveRecovered')}
      </Button>
    </Alert>
  );
}
