import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForwardTicketInput, WorkflowReply } from '@switchboard/shared';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n.ts';
import { currentLabels } from '../../../lib/labels.ts';
import { ticketViewMessages } from '../messages.ts';

/** POST /tickets/forward-ticket (spec §7). */
export function forwardTicket(body: ForwardTicketInput): Promise<WorkflowReply> {
  return apiRequest<WorkflowReply>('/tickets/forward-ticket', { method: 'POST', body });
}

/** POST /tickets/resolve-ticket (spec §7). */
export function resolveTicket(ticketId: number): Promise<WorkflowReply> {
  return apiRequest<WorkflowReply>('/tickets/resolve-ticket', { method: 'POST', body: { ticket_id: ticketId } });
}

/** The ticket was solved but the hand-over to cc failed: the person must be told both halves. */
export class ResolvedButNotForwarded extends Error {
  constructor(cause: unknown) {
    super(
      translate(ticketViewMessages, 'resolveAndForwardPartial', {
        corporateSupport: currentLabels().corporateSupport,
        reason: errorMessage(cause),
      }),
    );
    this.name = 'ResolvedButNotForwarded';
  }
}

export interface ResolveAndForwardInput {
  ticketId: number;
  /** The department holding the ticket, which solves it and hands it over. */
  holder: ForwardTicketInput['previously_issued_to'];
  cause: string;
  stayInLoop: boolean;
  /** After a failed hand-over the ticket is solved already: only the forward is tried again. */
  alreadyResolved: boolean;
}

/**
 * Resolve & Forward to cc (spec §4): resolve, then forward to cc. The server accepts that one
 * forward of a solved ticket. A failure of the first step changes nothing and is reported as it
 * is; a failure of the second throws ResolvedButNotForwarded.
 */
export async function resolveAndForwardToCc(input: ResolveAndForwardInput): Promise<WorkflowReply> {
  if (!input.alreadyResolved) await resolveTicket(input.ticketId);
  try {
    return await forwardTicket({
      ticket_id: input.ticketId,
      previously_issued_to: input.holder,
      newly_issued_to: 'cc',
      forward_cause: input.cause,
      is_in_forward_loop: input.stayInLoop,
    });
  } catch (error) {
    throw new ResolvedButNotForwarded(error);
  }
}

/** Every ticket query (the ticket, the lists, the forwarded list) lives under ['tickets']. */
export function useRefreshTickets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['tickets'] });
}

export function useForwardTicket() {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: forwardTicket, onSuccess: refresh });
}

export function useResolveTicket() {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: resolveTicket, onSuccess: refresh });
}

/**
 * The tickets are refreshed after a full success only: after a half success the dialog stays open
 * to retry the hand-over, and a refreshed (now solved) ticket would take the actions away.
 */
export function useResolveAndForwardToCc() {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: resolveAndForwardToCc, onSuccess: refresh });
}
