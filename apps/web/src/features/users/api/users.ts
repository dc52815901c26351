/** The users calls (admins) as React Query hooks. */
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SignupBody, UpdateUserBody, User, UserListReply, UserWriteReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersMessages } from '../messages.ts';

export const usersQueryKey = ['users'] as const;

/** Every user, with the spec's toast when they cannot be read. */
export function useUsers() {
  const query = useQuery({
    queryKey: usersQueryKey,
    queryFn: async () => (await apiRequest<UserListReply>('/users')).data,
  });
  useEffect(() => {
    if (query.isError) notifications.show({ color: 'red', message: usersMessages.fetchFailed });
  }, [query.isError]);
  return query;
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => apiRequest<UserWriteReply>('/users/signup', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) =>
      apiRequest<UserWriteReply>(`/users/${id}`, { method: 'PUT', body }),
    // The reply is the stored user: the row shows it without waiting for a refetch.
    onSuccess: ({ data }) => {
      client.setQueryData<User[]>(usersQueryKey, (users) => users?.map((user) => (user._id === data._id ? data : user)));
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(`/users/${id}`, { method: 'DELETE' }),
    onSuccess: (_reply, id) => {
      client.setQueryData<User[]>(usersQueryKey, (users) => users?.filter((user) => user._id !== id));
    },
  });
}
