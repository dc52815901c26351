import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { AlarmRule } from '@switchboard/shared';
import { useMessages } from '../../lib/i18n.ts';
import { TextChip } from './alarm-labels.tsx';
import { alarmsMessages } from './messages.ts';

export interface RuleCardProps {
  rule: AlarmRule;
  /** Its place in the order, from 1 (positions may have gaps after a delete). */
  place: number;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (rule: AlarmRule, by: -1 | 1) => void;
  onEdit: (rule: AlarmRule) => void;
  onDelete: (rule: AlarmRule) => void;
}

/** A matcher as Alertmanager writes it: `name=value` or `name=~regex`, as text. */
export const matcherText = (matcher: AlarmRule['matchers'][number]) => `${matcher.name}${matcher.op}${matcher.value}`;

/** One rule of the ordered list: its place, matchers, where it opens incidents, and its buttons. */
export function RuleCard({ rule, place, first, last, busy, onMove, onEdit, onDelete }: RuleCardProps) {
  const t = useMessages(alarmsMessages);
  const area = [rule.group_name ?? '', rule.sub_group_name].filter(Boolean).join(' › ');
  const name = rule.name;
  return (
    <Paper component="li" withBorder p="sm" aria-label={name}>
      {/* On a phone the buttons step under the rule rather than squeezing its words. */}
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('rulePosition', { position: place })} {name}
          </Text>
          <Group gap={4}>
            {rule.matchers.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('matchesEvery')}
              </Text>
            ) : (
              rule.matchers.map((matcher, index) => <TextChip key={index} text={matcherText(matcher)} />)
            )}
          </Group>
          <Text size="sm">{t('routesTo', { area })}</Text>
          {rule.area_codes.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('areaCodes', { codes: rule.area_codes.join(', ') })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {rule.auto_resolve ? t('autoResolves') : t('asksStaff')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowUp size={14} aria-hidden />}
            disabled={first || busy}
            onClick={() => onMove(rule, -1)}
            aria-label={t('moveUp', { name })}
            data-move={`${rule.id}:-1`}
          >
            {t('up')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowDown size={14} aria-hidden />}
            disabled={last || busy}
            onClick={() => onMove(rule, 1)}
            aria-label={t('moveDown', { name })}
            data-move={`${rule.id}:1`}
          >
            {t('down')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onEdit(rule)} aria-label={t('editRule', { name })}>
            {t('edit')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => onDelete(rule)} aria-label={t('deleteRule', { name })}>
            {t('delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
