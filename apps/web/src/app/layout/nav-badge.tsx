import { Badge, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMessages } from '../../lib/i18n.ts';
import type { NavNote } from './integrations-attention.ts';
import { layoutMessages } from './messages.ts';

/**
 * The number beside a link that wants attention. Hidden from screen readers: the link's name says
 * it in words (nameWithNote). Dark shades, so that the white number reads at AA contrast.
 */
export function NavBadge({ note }: { note: NavNote | undefined }) {
  if (!note) return null;
  return (
    <Badge component="span" size="sm" circle={note.count < 10} color={note.severe ? 'red.9' : 'orange.9'} aria-hidden>
      {note.count}
    </Badge>
  );
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

/** "Admin", the badge of its items when one wants attention, and the arrow. */
export function AdminFace({ note }: { note: NavNote | undefined }) {
  const t = useMessages(layoutMessages);
  return (
    <Group component="span" gap={4} wrap="nowrap">
      <LabelWithBadge label={t('adminMenu')} note={note} />
      <IconChevronDown size={14} aria-hidden />
    </Group>
  );
}
