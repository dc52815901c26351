import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Department, ServiceLevelBody, ServiceLevelListReply, ServiceLevelReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

// Under 'tickets': a change of levels moves the due times the ticket lists show.
const serviceLevelsKey = ['tickets', 'service-levels'] as const;

/** How often the levels are read again while a recomputation of due times runs (its progress). */
export const RECOMPUTE_POLL_MS = 2_000;

/** GET /service-levels: every department's hours and calendar (staff); polled while a recomputation runs. */
export function useServiceLevels() {
  return useQuery({
    queryKey: serviceLevelsKey,
    queryFn: ({ signal }) => apiRequest<ServiceLevelListReply>('/service-levels', { signal }),
    refetchInterval: (query) => (query.state.data?.data.some((level) => level.recompute) ? RECOMPUTE_POLL_MS : false),
  });
}

/** PUT /service-levels/{department} (admins); the lists and the levels are read again after it. */
export function useSetServiceLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ department, body }: { department: Department; body: ServiceLevelBody }) =>
      apiRequest<ServiceLevelReply>(`/service-levels/${department}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
