import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { RATING_LOW_MAX, RATING_MAX, type TicketRating } from '@switchboard/shared';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketViewMessages } from '../messages.ts';
import spoken from '../../../components/spoken.module.css';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

/**
 * The issuer's rating of the ticket (DESIGN.md §25), staff only: the score as stars and "4 / 5",
 * how it came (SMS or e-mail), when, and the comment. A low one (1 or 2) is red. Nothing until the
 * issuer has rated the ticket.
 */
export function SatisfactionPanel({
  rating,
  timeZone,
}: {
  rating: TicketRating | null | undefined;
  timeZone: string | undefined;
}) {
  const t = useMessages(ticketViewMessages);
  if (!rating) return null;
  const low = rating.score <= RATING_LOW_MAX;
  const color = low ? 'red.9' : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="satisfaction-heading" data-testid="satisfaction-panel">
      <Stack gap={6}>
        <Title order={2} size="h5" id="satisfaction-heading">
          {t('satisfactionHeading')}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <Group gap={2} wrap="nowrap" aria-hidden c={color ?? 'yellow.9'}>
            {STARS.map((star) =>
              star <= rating.score ? <IconStarFilled key={star} size={18} /> : <IconStar key={star} size={18} />,
            )}
          </Group>
          <Text fw={700} c={color}>
            <span aria-hidden>{t('satisfactionScore', { score: rating.score })}</span>
            <span className={spoken.spoken}>{t('satisfactionScoreLabel', { score: rating.score })}</span>
          </Text>
          {low && (
            <Badge color="red.9" variant="filled" tt="none">
              {t('satisfactionLow')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t(rating.channel === 'sms' ? 'satisfactionBySms' : 'satisfactionByEmail')} ·{' '}
          {formatDisplayDateTime(rating.rated_at, timeZone)}
        </Text>
        {rating.comment && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rating.comment}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
