import { Badge, Group } from '@mantine/core';
import { useMessages } from '../../lib/i18n.ts';
import { ticketTagsMessages } from './messages.ts';

/** A ticket's tags as small badges (DESIGN.md §27); nothing when it has none. React writes them as text, never markup. */
export function TagBadges({ tags, size = 'xs' }: { tags: readonly string[] | undefined; size?: 'xs' | 'sm' }) {
  const t = useMessages(ticketTagsMessages);
  if (!tags || tags.length === 0) return null;
  return (
    <Group
      gap={4}
      mt={2}
      component="ul"
      aria-label={t('listLabel')}
      style={{ listStyle: 'none', padding: 0 }}
      data-testid="ticket-tags"
    >
      {tags.map((tag) => (
        <Badge key={tag} component="li" size={size} variant="outline" color="gray.7" tt="none" radius="sm">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
