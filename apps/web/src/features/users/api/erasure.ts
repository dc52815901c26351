/** Erasure of a number's personal data (admins; DESIGN.md §29). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export interface EraseRequest {
  number: string;
  confirm: string;
}

export function useEraseNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, confirm }: EraseRequest) =>
      apiRequest<ErasureReply>(`/numbers/${encodeURIComponent(number)}/erase`, { method: 'POST', body: { confirm } }),
    // Names, numbers and texts changed everywhere: every list and ticket read is stale.
    onSuccess: () => client.invalidateQueries(),
  });
}
