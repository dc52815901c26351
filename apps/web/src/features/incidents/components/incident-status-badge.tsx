import { Badge } from '@mantine/core';
import type { IncidentStatus } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { incidentMessages } from '../messages.ts';

export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  const t = useMessages(incidentMessages);
  return (
    <Badge color={status === 'active' ? 'orange' : 'teal'} variant="light" tt="none">
      {status === 'active' ? t('statusActive') : t('statusResolved')}
    </Badge>
  );
}
