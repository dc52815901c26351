import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMessages } from '../../../lib/i18n.ts';
import { groupsMessages } from '../messages.ts';
import { newSubgroupDraft, type FieldErrors, type SubgroupDraft } from '../group-drafts.ts';

export interface SubgroupFieldsProps {
  value: SubgroupDraft[];
  onChange: (value: SubgroupDraft[]) => void;
  /** Errors keyed `sub_groups.<index>.<field>` (the shared schema's paths). */
  errors: FieldErrors;
  disabled?: boolean;
}

/** A growing list of subgroups, each with its Bangla and English name; at least one row stays. */
export function SubgroupFields({ value, onChange, errors, disabled = false }: SubgroupFieldsProps) {
  const t = useMessages(groupsMessages);
  const update = (index: number, fields: Partial<SubgroupDraft>) =>
    onChange(value.map((row, at) => (at === index ? { ...row, ...fields } : row)));

  return (
    <Stack gap="sm">
      {value.map((row, index) => (
        <Fieldset key={row.key} legend={t('subgroupNumber', { number: index + 1 })} disabled={disabled} p="sm">
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Group grow align="flex-start" gap="sm" style={{ flex: 1 }} preventGrowOverflow={false} wrap="wrap">
              <TextInput
                label={t('subgroupBn')}
                placeholder={t('subgroupBnPlaceholder')}
                lang="bn"
                required
                miw={200}
                value={row.sub_group_bn}
                error={errors[`sub_groups.${index}.sub_group_bn`]}
                onChange={(event) => update(index, { sub_group_bn: event.currentTarget.value })}
              />
              <TextInput
                label={t('subgroupEn')}
                placeholder={t('subgroupEnPlaceholder')}
                required
                miw={200}
                value={row.sub_group_en}
                error={errors[`sub_groups.${index}.sub_group_en`]}
                onChange={(event) => update(index, { sub_group_en: event.currentTarget.value })}
              />
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={t('removeSubgroupRow', { number: index + 1 })}
              disabled={value.length <= 1}
              onClick={() => onChange(value.filter((_row, at) => at !== index))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Fieldset>
      ))}
      {errors.sub_groups && (
        <Text size="sm" c="red" role="alert">
          {errors.sub_groups}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={disabled}
          onClick={() => onChange([...value, newSubgroupDraft()])}
        >
          {t('addSubgroupRow')}
        </Button>
      </Group>
    </Stack>
  );
}
