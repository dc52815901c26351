import { Select, type ComboboxItem } from '@mantine/core';

export interface GroupSubgroupSelectsProps {
  labels: { group: string; groupPlaceholder: string; subgroup: string; subgroupPlaceholder: string };
  groupOptions: ComboboxItem[];
  subgroupOptions: ComboboxItem[];
  groupId: string | null;
  subGroupId: string | null;
  /** A new group clears the subgroup: the old one is not one of its subgroups. */
  onChange: (choice: { groupId: string | null; subGroupId: string | null }) => void;
  errors: { group_id?: string; sub_group_id?: string };
  /** A group must be chosen (a rule's), or may be left out (an area's). */
  groupRequired: boolean;
}

/** A group and one of its subgroups, searchable, as the dialogs of areas and alarm rules choose them. */
export function GroupSubgroupSelects(props: GroupSubgroupSelectsProps) {
  const { labels, groupId, subGroupId, onChange, errors } = props;
  return (
    <>
      <Select
        label={labels.group}
        placeholder={labels.groupPlaceholder}
        data={props.groupOptions}
        value={groupId}
        onChange={(value) => onChange({ groupId: value, subGroupId: null })}
        error={errors.group_id}
        searchable
        required={props.groupRequired}
        clearable={!props.groupRequired}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={labels.subgroup}
        placeholder={labels.subgroupPlaceholder}
        data={props.subgroupOptions}
        value={subGroupId}
        onChange={(value) => onChange({ groupId, subGroupId: value })}
        disabled={props.subgroupOptions.length === 0}
        error={errors.sub_group_id}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}
