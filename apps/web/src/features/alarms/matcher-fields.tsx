import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ALARM_LABEL_NAME_MAX_LENGTH,
  ALARM_MATCHER_OPS,
  ALARM_MATCHER_VALUE_MAX_LENGTH,
  ALARM_RULE_MATCHERS_MAX,
  type AlarmMatcherOp,
} from '@switchboard/shared';
import type { FieldErrors } from '../../lib/schema-form.ts';
import { useMessages } from '../../lib/i18n.ts';
import { alarmsMessages } from './messages.ts';

/** A matcher row as the form holds it; `key` keeps a row's fields in place when another is removed. */
export interface MatcherDraft {
  key: number;
  name: string;
  op: AlarmMatcherOp;
  value: string;
}

export interface MatcherFieldsProps {
  matchers: MatcherDraft[];
  onChange: (matchers: MatcherDraft[]) => void;
  onAdd: () => void;
  /** Errors keyed as the schema and the server name them: `matchers.0.value`. */
  errors: FieldErrors;
}

const OP_WORDS = { '=': 'opEquals', '=~': 'opRegex' } as const;

/** The rule's label matchers: name, operator and value a row, rows added and removed. */
export function MatcherFields({ matchers, onChange, onAdd, errors }: MatcherFieldsProps) {
  const t = useMessages(alarmsMessages);
  const change = (index: number, fields: Partial<MatcherDraft>) =>
    onChange(matchers.map((matcher, at) => (at === index ? { ...matcher, ...fields } : matcher)));
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        {t('matchersLabel')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('matchersHint')}
      </Text>
      <Stack gap="xs">
        {matchers.map((matcher, index) => {
          const n = index + 1;
          return (
            // A framed row: in a narrow dialog its fields wrap, and the frame keeps them together.
            <Paper key={matcher.key} withBorder p="xs" role="group" aria-label={t('matcherRow', { n })}>
              <Group gap="xs" align="flex-start" wrap="wrap">
                <TextInput
                  label={t('matcherName')}
                  value={matcher.name}
                  onChange={(event) => change(index, { name: event.currentTarget.value })}
                  maxLength={ALARM_LABEL_NAME_MAX_LENGTH}
                  error={errors[`matchers.${index}.name`]}
                  style={{ flex: '1 1 8rem' }}
                />
                <NativeSelect
                  label={t('matcherOp')}
                  data={ALARM_MATCHER_OPS.map((op) => ({ value: op, label: t(OP_WORDS[op]) }))}
                  value={matcher.op}
                  onChange={(event) => {
                    const chosen = event.currentTarget.value;
                    change(index, { op: ALARM_MATCHER_OPS.find((op) => op === chosen) ?? matcher.op });
                  }}
                  error={errors[`matchers.${index}.op`]}
                  style={{ flex: '0 1 11rem' }}
                />
                <TextInput
                  label={t('matcherValue')}
                  value={matcher.value}
                  onChange={(event) => change(index, { value: event.currentTarget.value })}
                  maxLength={ALARM_MATCHER_VALUE_MAX_LENGTH}
                  error={errors[`matchers.${index}.value`] ?? errors[`matchers.${index}`]}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  style={{ flex: '2 1 10rem' }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={25}
                  onClick={() => onChange(matchers.filter((_, at) => at !== index))}
                  aria-label={t('removeMatcher', { n })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
        {errors.matchers && (
          <Text size="xs" c="red" role="alert">
            {errors.matchers}
          </Text>
        )}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAdd}
          disabled={matchers.length >= ALARM_RULE_MATCHERS_MAX}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('addMatcher')}
        </Button>
      </Stack>
    </fieldset>
  );
}
