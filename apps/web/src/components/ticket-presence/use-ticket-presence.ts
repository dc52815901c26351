import { useDebouncedValue, useDocumentVisibility } from '@mantine/hooks';
import { PRESENCE_HEARTBEAT_MS, type PresenceReply, type PresenceState, type PresentPerson } from '@switchboard/shared';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { useLiveEvents } from '../../lib/live-events.ts';

/** Typing, pausing and typing again is one reply: the state settles for this long before it is said. */
const STATE_SETTLES_MS = 1000;

function sayPresence(ticketId: number, state: PresenceState, keepalive = false): Promise<PresenceReply> {
  return apiRequest<PresenceReply>(`/tickets/${ticketId}/presence`, { method: 'POST', body: { state }, keepalive });
}

/**
 * Says where this view is on the ticket (DESIGN.md §27) and answers who else is there: `viewing`
 * or `replying` at once and every PRESENCE_HEARTBEAT_MS while the tab is visible (paused while it
 * is hidden: the others see the view go after the server's 45 s), `gone` when the view closes or
 * the page goes away. `ticket.presence` from the live stream reads the list again. Presence is a
 * courtesy: a failed call is left to the next heartbeat.
 */
export function useTicketPresence(ticketId: number, replying: boolean): PresentPerson[] {
  const [others, setOthers] = useState<PresentPerson[]>([]);
  const [state] = useDebouncedValue<PresenceState>(replying ? 'replying' : 'viewing', STATE_SETTLES_MS);
  const visible = useDocumentVisibility() === 'visible';
  // Only the newest answer counts: a slow heartbeat must not undo a newer list.
  const asked = useRef(0);

  const take = (ask: Promise<PresenceReply>) => {
    const turn = ++asked.current;
    ask.then(
      (reply) => {
        if (turn === asked.current) setOthers(reply.data);
      },
      () => undefined,
    );
  };

  useEffect(() => {
    if (!visible) return;
    take(sayPresence(ticketId, state));
    const heartbeat = setInterval(() => take(sayPresence(ticketId, state)), PRESENCE_HEARTBEAT_MS);
    return () => clearInterval(heartbeat);
  }, [ticketId, state, visible]);

  useEffect(() => {
    const turns = asked;
    // The page going away (a closed tab, a reload) unmounts nothing: its last word is sent here.
    const leave = () => void sayPresence(ticketId, 'gone', true).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      // An answer still under way belongs to a view that is gone.
      turns.current++;
      leave();
    };
  }, [ticketId]);

  useLiveEvents((event) => {
    if (event.event !== 'ticket.presence' || event.data.ticket_id !== ticketId) return;
    take(apiRequest<PresenceReply>(`/tickets/${ticketId}/presence`));
  });

  return others;
}
