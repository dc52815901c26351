/** A number's sign-in lock (admins): read it, and clear it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInLock } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

const lockPath = (number: string) => `/users/sign-in-locks/${encodeURIComponent(number)}`;
const lockKey = (number: string) => ['sign-in-lock', number] as const;

/** The lock of `number`, read once a number is asked for (null: nothing asked yet). */
export function useSignInLock(number: string | null) {
  return useQuery({
    queryKey: lockKey(number ?? ''),
    queryFn: async () => (await apiRequest<{ data: SignInLock }>(lockPath(number ?? ''))).data,
    enabled: number !== null,
    retry: false,
  });
}

export function useClearSignInLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => apiRequest<{ message: string }>(lockPath(number), { method: 'DELETE' }),
    // The panel asked with the number as typed (096…, 88…, +88…); every spelling is stale now.
    onSuccess: () => client.invalidateQueries({ queryKey: ['sign-in-lock'] }),
  });
}
