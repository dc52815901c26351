import { Badge, type BadgeProps } from '@mantine/core';
import { RATING_LOW_MAX } from '@switchboard/shared';
import { useMessages } from '../lib/i18n.ts';
import { componentsMessages } from './messages.ts';
import spoken from './spoken.module.css';

/**
 * The issuer's rating of a ticket (DESIGN.md §25), staff's only: the server sends it to nobody
 * else. A low one (1 or 2) is red; the score is written out for screen readers.
 */
export function RatingBadge({ score, ...props }: { score: number } & Omit<BadgeProps, 'color' | 'children'>) {
  const t = useMessages(componentsMessages);
  const low = score <= RATING_LOW_MAX;
  return (
    <Badge
      color={low ? 'red.9' : 'gray'}
      variant={low ? 'filled' : 'light'}
      tt="none"
      title={t('ratingBadgeLabel', { score })}
      data-testid="rating-badge"
      data-low={low || undefined}
      {...props}
    >
      <span aria-hidden>{t('ratingBadge', { score })}</span>
      <span className={spoken.spoken}>{t('ratingBadgeLabel', { score })}</span>
    </Badge>
  );
}
