import { Badge, type BadgeProps } from '@mantine/core';
import type { TicketPriority } from '@switchboard/shared';
import { useLabels } from '../lib/labels.ts';

/** Colours by weight; the words carry the meaning, so nothing depends on the colour alone. */
const PRIORITY_BADGES: Record<TicketPriority, Pick<BadgeProps, 'color' | 'variant'>> = {
  low: { color: 'gray', variant: 'light' },
  normal: { color: 'blue', variant: 'outline' },
  high: { color: 'orange.9', variant: 'light' },
  urgent: { color: 'red.9', variant: 'filled' },
};

/** A ticket's priority (DESIGN.md §30), staff's only: the server sends it to nobody else. */
export function PriorityBadge({ priority, ...props }: { priority: TicketPriority } & Omit<BadgeProps, 'color' | 'children'>) {
  const labels = useLabels();
  return (
    <Badge {...PRIORITY_BADGES[priority]} tt="none" data-testid="priority-badge" {...props}>
      {labels.priority(priority)}
    </Badge>
  );
}
