import { Group, Text } from '@mantine/core';
import type { AlarmLabels } from '@switchboard/shared';
import { useMessages } from '../../lib/i18n.ts';
import { alarmsMessages } from './messages.ts';

/**
 * An alarm's labels as `name=value` chips. They come from monitoring systems outside the desk, so
 * they are only ever text: React writes them as text nodes, never as markup.
 */
export function AlarmLabelChips({ labels }: { labels: AlarmLabels }) {
  const t = useMessages(alarmsMessages);
  const entries = Object.entries(labels);
  if (entries.length === 0) return null;
  return (
    <Group gap={4} mt={4} role="list" aria-label={t('labels')}>
      {entries.map(([name, value]) => (
        <TextChip key={name} role="listitem" text={`${name}=${value}`} />
      ))}
    </Group>
  );
}

/** A chip's frame; long values (an address, a regular expression) wrap inside it instead of being cut off. */
const CHIP = {
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-sm)',
  maxWidth: '100%',
  overflowWrap: 'anywhere',
} as const;

/** A short text in a chip, as text. */
export function TextChip({ text, role }: { text: string; role?: 'listitem' }) {
  return (
    <Text component="span" role={role} size="xs" fw={500} px={6} py={1} style={CHIP}>
      {text}
    </Text>
  );
}
