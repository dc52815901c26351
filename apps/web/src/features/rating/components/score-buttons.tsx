import { Button, Group, Stack, Text } from '@mantine/core';
import { RATING_MAX, RATING_MIN } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { ratingMessages } from '../messages.ts';
import classes from '../rate-screen.module.css';

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

export interface ScoreButtonsProps {
  /** The score being sent or given, shown pressed. */
  chosen: number | null;
  disabled: boolean;
  onChoose: (score: number) => void;
}

/** Five large buttons, 1 (bad) to 5 (great), a thumb's width each on a phone. */
export function ScoreButtons({ chosen, disabled, onChoose }: ScoreButtonsProps) {
  const t = useMessages(ratingMessages);
  return (
    <Stack gap={6} role="group" aria-label={t('scoresLabel')}>
      <Group gap="xs" justify="center" wrap="nowrap">
        {SCORES.map((score) => (
          <Button
            key={score}
            className={classes.score}
            // A phone gives each about 60 px: the digit needs them, not the button's usual padding.
            styles={{ root: { paddingInline: 0 } }}
            size="lg"
            radius="md"
            variant={chosen === score ? 'filled' : 'default'}
            aria-pressed={chosen === score}
            aria-label={t('score', { score })}
            disabled={disabled && chosen !== score}
            onClick={() => onChoose(score)}
          >
            {score}
          </Button>
        ))}
      </Group>
      <Group justify="space-between" className={classes.ends} aria-hidden>
        <Text size="sm" c="dimmed">
          1 = {t('bad')}
        </Text>
        <Text size="sm" c="dimmed">
          5 = {t('great')}
        </Text>
      </Group>
    </Stack>
  );
}
