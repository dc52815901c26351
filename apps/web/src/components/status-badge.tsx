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
    <Badge color={STATUS_COLORS[status]} variant="light" {...props}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
