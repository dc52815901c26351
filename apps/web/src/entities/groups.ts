/**
 * The groups and subgroups that ticket forms and filters offer. GET /groups carries each group's
 * subgroups; the chosen group's are read again when it is chosen (GET /groups/{id}/subgroups, spec
 * §7), so that a subgroup added since the list was read is offered. Shared by the signed-in form,
 * the list filters, the report and the public form.
 */
import { useLingui } from '@lingui/react';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Group, GroupListReply, Subgroup, SubgroupListReply } from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';
import { currentLanguage, translate } from '../lib/i18n.ts';
import { labelMessages } from '../lib/messages.ts';

/** Group writes elsewhere invalidate this key so that forms see new names at once. */
export const groupsQueryKey = ['groups'] as const;

export async function fetchGroups(): Promise<Group[]> {
  return (await apiRequest<GroupListReply>('/groups', { anonymous: true })).data;
}

/** The groups, with the spec's toast when they cannot be read. */
export function useGroups() {
  const query = useQuery({ queryKey: groupsQueryKey, queryFn: fetchGroups, staleTime: 5 * 60_000 });
  useEffect(() => {
    if (query.isError) notifications.show({ color: 'red', message: translate(labelMessages, 'fetchGroupsFailed') });
  }, [query.isError]);
  return query;
}

/** Under the groups' key: every group write refreshes the subgroups read too. */
export const subgroupsQueryKey = (groupId: string) => [...groupsQueryKey, groupId, 'subgroups'] as const;

export async function fetchSubgroups(groupId: string): Promise<Subgroup[]> {
  return (await apiRequest<SubgroupListReply>(`/groups/${encodeURIComponent(groupId)}/subgroups`, { anonymous: true }))
    .sub_groups;
}

/**
 * The subgroups of the chosen group, read when it is chosen. The group list's copy is offered
 * meanwhile, and still when the read fails, with the spec's 'Failed to fetch subgroups'.
 */
export function useSubgroups(group: Group | undefined): Subgroup[] | undefined {
  const groupId = group?._id ?? '';
  const query = useQuery({
    queryKey: subgroupsQueryKey(groupId),
    queryFn: () => fetchSubgroups(groupId),
    enabled: group !== undefined,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.isError) notifications.show({ color: 'red', message: translate(labelMessages, 'fetchSubgroupsFailed') });
  }, [query.isError]);
  return query.data ?? group?.sub_groups;
}

/**
 * A subgroup as the pickers show it: the name in the interface's language first, the other in
 * brackets, so that staff find it by either (DESIGN.md §16).
 */
export function subgroupLabel(subgroup: Subgroup): string {
  return currentLanguage() === 'bn'
    ? `${subgroup.sub_group_bn} (${subgroup.sub_group_en})`
    : `${subgroup.sub_group_en} (${subgroup.sub_group_bn})`;
}

export interface GroupChoices {
  groupOptions: { value: string; label: string }[];
  subgroupOptions: { value: string; label: string }[];
  group: Group | undefined;
  subgroup: Subgroup | undefined;
}

/** Select options for a group and its subgroups, and the chosen entities themselves. */
export function useGroupChoices(
  groups: Group[] | undefined,
  groupId: string | null | undefined,
  subgroupId: string | null | undefined,
): GroupChoices {
  // The labels follow the language.
  const { i18n } = useLingui();
  const group = groups?.find((candidate) => candidate._id === groupId);
  const subgroups = useSubgroups(group);
  return useMemo(() => {
    return {
      groupOptions: (groups ?? []).map((candidate) => ({ value: candidate._id, label: candidate.group_name })),
      subgroupOptions: (subgroups ?? []).map((candidate) => ({ value: candidate._id, label: subgroupLabel(candidate) })),
      group,
      subgroup: subgroups?.find((candidate) => candidate._id === subgroupId),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language changes subgroupLabel's result
  }, [groups, group, subgroups, subgroupId, i18n.locale]);
}
