import { Group } from '@mantine/core';
import { useState } from 'react';
import { GroupSubgroupSelects } from '../../components/group-subgroup-selects.tsx';
import { useGroupChoices, useGroups } from '../../entities/groups.ts';
import { useMessages } from '../../lib/i18n.ts';
import { articleMessages } from './messages.ts';

export interface ArticleSubgroupFieldProps {
  subGroupId: string | null;
  onChange: (subGroupId: string | null) => void;
  error: string | undefined;
}

/**
 * The subgroup an article answers (DESIGN.md §28), or none: a group narrows the subgroups offered;
 * an article keeps only the subgroup, so the group of a saved one is found from the groups' list.
 */
export function ArticleSubgroupField({ subGroupId, onChange, error }: ArticleSubgroupFieldProps) {
  const t = useMessages(articleMessages);
  const groups = useGroups();
  const [picked, setPicked] = useState<{ groupId: string | null } | null>(null);
  const groupOfSaved =
    groups.data?.find((group) => group.sub_groups.some((subgroup) => subgroup._id === subGroupId))?._id ?? null;
  const groupId = picked ? picked.groupId : groupOfSaved;
  const { groupOptions, subgroupOptions } = useGroupChoices(groups.data, groupId, subGroupId);
  return (
    <Group align="flex-start" gap="md" grow preventGrowOverflow={false}>
      <GroupSubgroupSelects
        labels={{
          group: t('formGroup'),
          groupPlaceholder: t('formGroupPlaceholder'),
          subgroup: t('formSubgroup'),
          subgroupPlaceholder: t('formSubgroupPlaceholder'),
        }}
        groupOptions={groupOptions}
        subgroupOptions={subgroupOptions}
        groupId={groupId}
        subGroupId={subGroupId}
        onChange={(choice) => {
          setPicked({ groupId: choice.groupId });
          onChange(choice.subGroupId);
        }}
        errors={{ sub_group_id: error }}
        groupRequired={false}
      />
    </Group>
  );
}
