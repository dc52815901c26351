/** The users calls (admins) as React Query hooks. */
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SignupBody, UpdateUserBody, UserListReply, UserWriteReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n.ts';
import { usersMessages } from '../messages.ts';

/** Every page of every search of the users table lives under this key. */
export const usersQueryKey = ['users'] as const;

/** The path of one page of the users table, with the search when there is one. */
export function usersPath(page: number, q: string | undefined): string {
  const search = new URLSearchParams({ page: String(page), ...(q ? { q } : {}) });
  return `/users?${search.toString()}`;
}

/**
 * One page (10) of the users matching the search, read on the server. The previous page stays on
 * screen while the next one loads, so the table does not flash empty. The spec's toast when the
 * users cannot be read.
 */
export function useUsers(page: number, q: string | undefined) {
  const query = useQuery({
    queryKey: [...usersQueryKey, page, q ?? ''],
    queryFn: () => apiRequest<UserListReply>(usersPath(page, q)),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.isError) notifications.show({ color: 'red', message: translate(usersMessages, 'fetchFailed') });
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
      client.setQueriesData<UserListReply>(
        { queryKey: usersQueryKey },
        (reply) => reply && { ...reply, data: reply.data.map((user) => (user._id === data._id ? data : user)) },
      );
    },
  });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(`/users/${id}`, { method: 'DELETE' }),
    // The row goes at once; the pages are read again, as every later user moves up by one.
    onSuccess: (_reply, id) => {
      client.setQueriesData<UserListReply>(
        { queryKey: usersQueryKey },
        (reply) => reply && { ...reply, data: reply.data.filter((user) => user._id !== id), total: Math.max(0, reply.total - 1) },
      );
      void client.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
