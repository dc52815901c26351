import { canUsePresence } from '@switchboard/shared';
import { lazy, Suspense } from 'react';
import { currentSession } from '../../lib/session.ts';
import type { TicketPresenceProps } from './ticket-presence.tsx';

// In its own chunk: the ticket view's bundle, which customers load too, stays within its budget.
const TicketPresence = lazy(() => import('./ticket-presence.tsx'));

/** Who else is on the ticket (DESIGN.md §27), for staff only: nothing at all, and nothing loaded, for customers and agents. */
export function TicketPresenceSlot(props: TicketPresenceProps) {
  const session = currentSession();
  if (!session || !canUsePresence(session)) return null;
  return (
    <Suspense fallback={null}>
      <TicketPresence {...props} />
    </Suspense>
  );
}
