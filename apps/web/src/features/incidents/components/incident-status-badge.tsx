import { Badge } from '@mantine/core';
import type { IncidentStatus } from '@switchboard/shared';
import { messages } from '../messages.ts';

export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  return (
    <Badge color={status === 'active' ? 'orange' : 'teal'} variant="light" tt="none">
      {messages.status[status]}
    </Badge>
  );
}
