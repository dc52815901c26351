/**
 * The group writes (admins, moderators) as React Query hooks. The list is the shared groups query
 * (lib/group-options.ts), so ticket forms and filters see every change at once.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateGroupBody, Group, GroupWriteReply, SubgroupInput } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { groupsQueryKey } from '../../../entities/groups.ts';

interface MessageReply {
  message: string;
}

/** Puts the group of a write reply into the cached list, then refetches every groups query. */
function storeGroup(client: QueryClient, group: Group): Promise<void> {
  client.setQueryData<Group[]>(groupsQueryKey, (groups) =>
    groups?.map((candidate) => (candidate._id === group._id ? group : candidate)),
  );
  return client.invalidateQueries({ queryKey: groupsQueryKey });
}

/** A write whose reply (the server's message, and the group when it still exists) refreshes the list. */
function useGroupWrite<Variables>(request: (variables: Variables) => Promise<GroupWriteReply | MessageReply>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (reply) =>
      'data' in reply ? storeGroup(client, reply.data) : client.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}

export const useCreateGroup = () =>
  useGroupWrite((body: CreateGroupBody) => apiRequest<GroupWriteReply>('/groups', { method: 'POST', body }));

export const useRenameGroup = () =>
  useGroupWrite(({ id, group_name }: { id: string; group_name: string }) =>
    apiRequest<GroupWriteReply>(`/groups/${id}`, { method: 'PUT', body: { group_name } }),
  );

export const useDeleteGroup = () =>
  useGroupWrite((id: string) => apiRequest<MessageReply>(`/groups/${id}`, { method: 'DELETE' }));

export const useAddSubgroups = () =>
  useGroupWrite(({ groupId, sub_groups }: { groupId: string; sub_groups: SubgroupInput[] }) =>
    apiRequest<GroupWriteReply>(`/groups/${groupId}/subgroups`, { method: 'POST', body: { sub_groups } }),
  );

export const useRenameSubgroup = () =>
  useGroupWrite(({ groupId, subId, names }: { groupId: string; subId: string; names: SubgroupInput }) =>
    apiRequest<GroupWriteReply>(`/groups/${groupId}/${subId}`, { method: 'PUT', body: names }),
  );

export const useDeleteSubgroup = () =>
  useGroupWrite(({ groupId, subId }: { groupId: string; subId: string }) =>
    apiRequest<MessageReply>(`/groups/${groupId}/${subId}`, { method: 'DELETE' }),
  );
