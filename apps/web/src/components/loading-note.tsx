import { Group, Loader, Text } from '@mantine/core';

/** A spinner with the screen's own words ('Loading tickets...'), announced to screen readers. */
export function LoadingNote({ text, py = 'xl' }: { text: string; py?: 'md' | 'xl' }) {
  return (
    <Group gap="xs" justify="center" py={py} role="status">
      <Loader size="sm" />
      <Text c="dimmed">{text}</Text>
    </Group>
  );
}
