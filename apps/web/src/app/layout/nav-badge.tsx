import { Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMessages } from '../../lib/i18n.ts';
import type { NavNote } from './integrations-attention.ts';
import { layoutMessages } from './messages.ts';
import classes from './nav-badge.module.css';

/**
 * The number beside a link that wants attention. Hidden from screen readers: the link's name says
 * it in words (nameWithNote). Red with white digits once an endpoint is off, yellow with black ones
 * while they only fail: both read at AA contrast (orange does not, with either).
 */
export function NavBadge({
  note,
  size = 'sm',
  onBurger = false,
}: {
  note: NavNote | undefined;
  size?: 'xs' | 'sm';
  onBurger?: boolean;
}) {
  if (!note) return null;
  return (
    <span
      className={onBurger ? `${classes.badge} ${classes.onBurger}` : classes.badge}
      data-severe={note.severe || undefined}
      data-size={size}
      aria-hidden
    >
      {note.count}
    </span>
  );
}

/** The burger's frame, so that its badge sits on its corner. */
export const burgerFrameClass = classes.burger;

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
