/**
 * The incidents API (DESIGN.md §14) as several screens use it: the ticket list's banner, the
 * ticket view's incident panel, the forms' public-note notice and the incidents screens.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateIncidentInput,
  IncidentChangeReply,
  IncidentDetailReply,
  IncidentListReply,
  IncidentReply,
  IncidentStatus,
  IncidentSuggestionsReply,
  IncidentUpdateReply,
  PublicNotesReply,
  ResolveIncidentInput,
  UpdateIncidentInput,
} from '@switchboard/shared';
import { apiRequest } from '../lib/api-client.ts';

/** Under 'tickets': grouping, linking and resolving change tickets, and a ticket change may change an incident. */
export const incidentsKey = ['tickets', 'incidents'] as const;
const suggestionsKey = [...incidentsKey, 'suggestions'] as const;
export const incidentKey = (id: number) => [...incidentsKey, 'one', id] as const;
const incidentListKey = (status: IncidentStatus, page: number) => [...incidentsKey, 'list', status, page] as const;
const publicNotesKey = (subGroupId: string) => ['public-notes', subGroupId] as const;

/** How often the banner looks again for a burst of reports. */
const SUGGESTIONS_REFRESH_MS = 60_000;

export function useIncidentSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: suggestionsKey,
    queryFn: ({ signal }) => apiRequest<IncidentSuggestionsReply>('/incidents/suggestions', { signal }),
    enabled,
    refetchInterval: SUGGESTIONS_REFRESH_MS,
  });
}

export function useIncidentList(status: IncidentStatus, page: number) {
  return useQuery({
    queryKey: incidentListKey(status, page),
    queryFn: ({ signal }) => apiRequest<IncidentListReply>('/incidents', { query: { status, page }, signal }),
  });
}

export function useIncident(id: number | null) {
  return useQuery({
    queryKey: incidentKey(id ?? 0),
    queryFn: async ({ signal }) => (await apiRequest<IncidentDetailReply>(`/incidents/${id ?? 0}`, { signal })).data,
    enabled: id !== null,
  });
}

/** The public notes of the chosen subgroup's active incidents; nothing is asked without a subgroup. */
export function usePublicNotes(subGroupId: string | null) {
  return useQuery({
    queryKey: publicNotesKey(subGroupId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<PublicNotesReply>('/incidents/public-notes', { query: { sub_group_id: subGroupId }, anonymous: true, signal }),
    enabled: subGroupId !== null,
    staleTime: 60_000,
  });
}

/** Every incident write refreshes the incidents and the tickets (all under 'tickets'). */
function useIncidentWrite<Input, Reply>(write: (input: Input) => Promise<Reply>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: ['tickets'] }) });
}

export function useCreateIncident() {
  return useIncidentWrite((body: CreateIncidentInput) => apiRequest<IncidentReply>('/incidents', { method: 'POST', body }));
}

export function useLinkTickets() {
  return useIncidentWrite(({ id, ticketIds }: { id: number; ticketIds: number[] }) =>
    apiRequest<IncidentChangeReply>(`/incidents/${id}/tickets`, { method: 'POST', body: { ticket_ids: ticketIds } }),
  );
}

export function useUnlinkTicket() {
  return useIncidentWrite(({ id, ticketId }: { id: number; ticketId: number }) =>
    apiRequest<IncidentChangeReply>(`/incidents/${id}/tickets/${ticketId}`, { method: 'DELETE' }),
  );
}

export function useResolveIncident() {
  return useIncidentWrite(({ id, body }: { id: number; body: ResolveIncidentInput }) =>
    apiRequest<IncidentChangeReply>(`/incidents/${id}/resolve`, { method: 'POST', body }),
  );
}

/** PATCH /incidents/{id}: the title and the public note of an active incident. */
export function useUpdateIncident() {
  return useIncidentWrite(({ id, body }: { id: number; body: UpdateIncidentInput }) =>
    apiRequest<IncidentUpdateReply>(`/incidents/${id}`, { method: 'PATCH', body }),
  );
}

/** POST /incidents/suggestions/dismiss: the burst of a subgroup is not an incident, for the viewer's department. */
export function useDismissSuggestion() {
  return useIncidentWrite((subGroupId: string) =>
    apiRequest<{ message: string }>('/incidents/suggestions/dismiss', { method: 'POST', body: { sub_group_id: subGroupId } }),
  );
}
