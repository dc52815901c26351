import { Badge, type BadgeProps } from '@mantine/core';
import type { TicketStatus } from '@switchboard/shared';
import { useLabels } from '../lib/labels.ts';

const STATUS_COLORS: Record<TicketStatus, string> = {
  open: 'blue',
  in_progress: 'orange',
  closed: 'teal',
};

/** A ticket status as the spec names it: Open, In Progress, Solved. */
export function StatusBadge({ status, ...props }: { status: TicketStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  const labels = useLabels();
  return (
    // Mantine writes badges in capitals; the spec writes the statuses in title case.
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" data-testid="status-badge" {...props}>
      {labels.status(status)}
    </Badge>
  );
}
