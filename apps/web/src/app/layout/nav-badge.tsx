import { Badge, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMessages } from '../../lib/i18n.ts';
import type { NavNote } from './integrations-attention.ts';
import { layoutMessages } from './messages.ts';

/**
 * The number beside a link that wants attention. Hidden from screen readers: the link's name says
 * it in words (nameWithNote). Red with white digits once an endpoint is off, yellow with black ones
 * while they only fail: both read at AA contrast (orange does not, with either).
 */
export function NavBadge({ note, size = 'sm' }: { note: NavNote | undefined; size?: 'xs' | 'sm' }) {
  if (!note) return null;
  return (
    <Badge component="span" size={size} circle={note.count < 10} color={badgeColor(note)} autoContrast aria-hidden>
      {note.count}
    </Badge>
  );
}

export function badgeColor(note: NavNote | undefined): string {
  return note?.severe ? 'red.9' : 'yellow.5';
}

/** A link's words, and its badge after them when it has one. */
export function LabelWithBadge({ label, note }: { label: string; note: NavNote | undefined }) {
  if (!note) return label;
  return (
    <Group component="span" gap={6} wrap="nowrap">
      {label}
      <NavBadge note={note} />
    </Group>
  );
}

/**
 * "Admin" and the arrow; when one of its items wants attention, their badge in the arrow's place, so
 * that the bar keeps its width (an admin's full bar only just fits 1280 pixels).
 */
export function AdminFace({ note }: { note: NavNote | undefined }) {
  const t = useMessages(layoutMessages);
  return (
    <Group component="span" gap={4} wrap="nowrap">
      {t('adminMenu')}
      {note ? <NavBadge note={note} size="xs" /> : <IconChevronDown size={14} aria-hidden />}
    </Group>
  );
}
