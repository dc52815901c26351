import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { AlarmRule } from '@switchboard/shared';
import { Suspense, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ReadState } from '../../components/read-state.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useAlarmRules, useDeleteAlarmRule, useOrderAlarmRules } from './api/alarms.ts';
import { AlarmRuleDialog } from './lazy-dialogs.ts';
import { alarmsMessages } from './messages.ts';
import { RuleCard } from './rule-card.tsx';

/** The rules in a new order: `rule` moved one place up (-1) or down (1). */
export function movedOrder(rules: readonly AlarmRule[], rule: AlarmRule, by: -1 | 1): string[] {
  const ids = rules.map((candidate) => candidate.id);
  const from = ids.indexOf(rule.id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to] ?? rule.id, rule.id];
  return ids;
}

/**
 * The routing rules (admins): the ordered list, first match wins; Up and Down save a new order at
 * once and keep the keyboard's focus on the rule that moved; add, edit, delete after confirming.
 */
export function RulesSection() {
  const t = useMessages(alarmsMessages);
  const rules = useAlarmRules();
  const order = useOrderAlarmRules();
  const remove = useDeleteAlarmRule();
  const [editing, setEditing] = useState<AlarmRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlarmRule | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [moved, setMoved] = useState<{ id: string; by: -1 | 1 } | null>(null);

  // The moved rule's button follows it; at the top or the bottom, where it is disabled, the other one takes the focus.
  useEffect(() => {
    if (!moved || !listRef.current) return;
    const button = (by: number) => listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${moved.id}:${by}"]`);
    const target = button(moved.by);
    (target && !target.disabled ? target : button(-moved.by))?.focus();
  }, [moved, rules.data]);

  const move = (list: AlarmRule[], rule: AlarmRule, by: -1 | 1) => {
    setMoved({ id: rule.id, by });
    order.mutate(movedOrder(list, rule, by), {
      onSuccess: () => notifications.show({ color: 'green', message: t('orderSaved') }),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('ruleDeleted') });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md" component="section" aria-label={t('rulesTitle')}>
      <Group justify="space-between" align="flex-end">
        <ScreenHeading title={t('rulesTitle')} intro={t('rulesIntro')} order={2} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('addRule')}
        </Button>
      </Group>
      <div ref={listRef}>
        <ReadState read={rules} loadingText={t('rulesLoading')} failedText={t('rulesFailed')}>
          {(reply) =>
            reply.data.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl" role="status">
                {t('rulesEmpty')}
              </Text>
            ) : (
              <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {reply.data.map((rule, index) => (
                  <RuleCard
                    key={rule.id}
                    rule={rule}
                    place={index + 1}
                    first={index === 0}
                    last={index === reply.data.length - 1}
                    busy={order.isPending}
                    onMove={(target, by) => move(reply.data, target, by)}
                    onEdit={setEditing}
                    onDelete={(target) => {
                      remove.reset();
                      setDeleting(target);
                    }}
                  />
                ))}
              </Stack>
            )
          }
        </ReadState>
      </div>
      <Suspense fallback={null}>
        {editing !== null && <AlarmRuleDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      </Suspense>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        body={t('deleteBody', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
