/** The alarms and the routing rules (DESIGN.md §22) as React Query hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AlarmDeliveryListReply,
  AlarmListReply,
  AlarmRule,
  AlarmRuleCreate,
  AlarmRuleListReply,
  AlarmRuleUpdate,
  AlarmView,
} from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Everything the screen reads; a live `alarm.changed` refreshes it all. */
export const alarmsKey = ['alarms'] as const;
const rulesKey = [...alarmsKey, 'rules'] as const;

/** One page (20) of an alarm list, newest last seen first; the previous page stays while the next loads. */
export function useAlarms(view: AlarmView, page: number, enabled = true) {
  return useQuery({
    queryKey: [...alarmsKey, 'list', view, page],
    queryFn: ({ signal }) => apiRequest<AlarmListReply>('/alarms', { query: { view, page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page (20) of the deliveries' log, newest first. */
export function useAlarmDeliveries(page: number, enabled = true) {
  return useQuery({
    queryKey: [...alarmsKey, 'deliveries', page],
    queryFn: ({ signal }) => apiRequest<AlarmDeliveryListReply>('/alarms/deliveries', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every rule, in order (admins). */
export function useAlarmRules(enabled = true) {
  return useQuery({
    queryKey: rulesKey,
    queryFn: ({ signal }) => apiRequest<AlarmRuleListReply>('/alarm-rules', { signal }),
    enabled,
  });
}

function useRuleWrite<Input, Reply>(write: (input: Input) => Promise<Reply>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: rulesKey }) });
}

/** Adds a rule at the end of the order. */
export function useCreateAlarmRule() {
  return useRuleWrite((body: AlarmRuleCreate) => apiRequest<{ data: AlarmRule }>('/alarm-rules', { method: 'POST', body }));
}

export function useUpdateAlarmRule() {
  return useRuleWrite(({ id, body }: { id: string; body: AlarmRuleUpdate }) =>
    apiRequest<{ data: AlarmRule }>(`/alarm-rules/${id}`, { method: 'PATCH', body }),
  );
}

export function useDeleteAlarmRule() {
  return useRuleWrite((id: string) => apiRequest<null>(`/alarm-rules/${id}`, { method: 'DELETE' }));
}

/**
 * Saves a new order (every rule's id once). The list shows the new order at once and goes back to
 * what the server holds if it refuses.
 */
export function useOrderAlarmRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<AlarmRuleListReply>('/alarm-rules/order', { method: 'PUT', body: { ids } }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: rulesKey });
      const before = client.getQueryData<AlarmRuleListReply>(rulesKey);
      if (before) {
        const byId = new Map(before.data.map((rule) => [rule.id, rule]));
        const data = ids.flatMap((id, index) => {
          const rule = byId.get(id);
          return rule ? [{ ...rule, position: index + 1 }] : [];
        });
        client.setQueryData<AlarmRuleListReply>(rulesKey, { data });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) client.setQueryData(rulesKey, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: rulesKey }),
  });
}
