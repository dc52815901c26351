import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { groupsMessages as m } from '../messages.ts';
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
  const update = (index: number, fields: Partial<SubgroupDraft>) =>
    onChange(value.map((row, at) => (at === index ? { ...row, ...fields } : row)));

  return (
    <Stack gap="sm">
      {value.map((row, index) => (
        <Fieldset key={row.key} legend={m.fields.subgroupNumber(index)} disabled={disabled} p="sm">
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Group grow align="flex-start" gap="sm" style={{ flex: 1 }} preventGrowOverflow={false} wrap="wrap">
              <TextInput
                label={m.fields.subgroupBn}
                placeholder={m.fields.subgroupBnPlaceholder}
                lang="bn"
                required
                miw={200}
                value={row.sub_group_bn}
                error={errors[`sub_groups.${index}.sub_group_bn`]}
                onChange={(event) => update(index, { sub_group_bn: event.currentTarget.value })}
              />
              <TextInput
                label={m.fields.subgroupEn}
                placeholder={m.fields.subgroupEnPlaceholder}
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
              aria-label={m.removeSubgroupRow(index)}
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
          {m.addSubgroupRow}
        </Button>
      </Group>
    </Stack>
  );
}
