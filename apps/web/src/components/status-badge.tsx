import { Badge, type BadgeProps } from '@mantine/core';
import { STATUS_LABELS, type TicketStatus } from '@switchboard/shared';

const STATUS_COLORS: Record<TicketStatus, string> = {
  open: 'blue',
  in_progress: 'orange',
  closed: 'teal',
};

/** A ticket status as the spec names it: Open, In Progress, Solved. */
export function StatusBadge({ status, ...props }: { status: TicketStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    // Mantine writes badges in capitals; the spec writes the statuses in title case.
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" {...props}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
