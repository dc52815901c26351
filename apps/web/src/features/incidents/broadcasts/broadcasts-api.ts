/** The areas and an incident's outage broadcasts (DESIGN.md §23) as React Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AreaListReply,
  BroadcastCreateInput,
  BroadcastKind,
  BroadcastListReply,
  BroadcastPreview,
  BroadcastReply,
} from '@switchboard/shared';
import { incidentKey } from '../../../entities/incidents.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Under the incident's key: a change of the incident (its areas) refreshes them too. */
export const broadcastsKey = (incidentId: number) => [...incidentKey(incidentId), 'broadcasts'] as const;

/** Every area, to choose an incident's; they change rarely. */
export function useAreas(enabled = true) {
  return useQuery({
    queryKey: ['areas'],
    queryFn: async ({ signal }) => (await apiRequest<AreaListReply>('/areas', { signal })).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useBroadcasts(incidentId: number) {
  return useQuery({
    queryKey: broadcastsKey(incidentId),
    queryFn: async ({ signal }) => (await apiRequest<BroadcastListReply>(`/incidents/${incidentId}/broadcasts`, { signal })).data,
  });
}

/** What "Confirm" would do: asked again whenever the dialog's kind changes. */
export function useBroadcastPreview(incidentId: number, kind: BroadcastKind, enabled: boolean) {
  return useQuery({
    queryKey: [...broadcastsKey(incidentId), 'preview', kind],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: BroadcastPreview }>(`/incidents/${incidentId}/broadcasts/preview`, { query: { kind }, signal }))
        .data,
    enabled,
    staleTime: 0,
  });
}

function useBroadcastWrite<Input>(incidentId: number, write: (input: Input) => Promise<BroadcastReply>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: broadcastsKey(incidentId) }) });
}

export function useCreateBroadcast(incidentId: number) {
  return useBroadcastWrite(incidentId, (body: BroadcastCreateInput) =>
    apiRequest<BroadcastReply>(`/incidents/${incidentId}/broadcasts`, { method: 'POST', body }),
  );
}

export function useCancelBroadcast(incidentId: number) {
  return useBroadcastWrite(incidentId, (broadcastId: string) =>
    apiRequest<BroadcastReply>(`/incidents/${incidentId}/broadcasts/${broadcastId}/cancel`, { method: 'POST' }),
  );
}
