import { Badge, Group } from '@mantine/core';
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
        <Badge key={name} role="listitem" variant="default" tt="none" fw={500} radius="sm" maw="100%" title={`${name}=${value}`}>
          {`${name}=${value}`}
        </Badge>
      ))}
    </Group>
  );
}

/** Long values (an address, a regular expression) wrap inside the chip instead of being cut off. */
const WRAPPING = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;

/** A short text in a chip, as text. */
export function TextChip({ text, role }: { text: string; role?: 'listitem' }) {
  return (
    <Badge role={role} variant="default" tt="none" fw={500} radius="sm" styles={WRAPPING}>
      {text}
    </Badge>
  );
}
