import { canSeeSubscriberCard } from '@switchboard/shared';
import { lazy, Suspense } from 'react';
import { currentSession } from '../../lib/session.ts';

// In its own chunk with the card: the create form's and the ticket view's bundles stay within their budgets.
const CardForNumber = lazy(() => import('./card-for-number.tsx'));

export type SubscriberCardSlotProps =
  /** A stored number (`880…`), as a ticket holds it. */
  | { number: string; entry?: never }
  /** What was typed after +88 on a form: looked up once it is a valid number and typing has paused. */
  | { entry: string; number?: never };

/** The subscriber card of a number (DESIGN.md §23), for staff only: nothing at all, and nothing loaded, for customers and agents. */
export function SubscriberCardSlot(props: SubscriberCardSlotProps) {
  const session = currentSession();
  if (!session || !canSeeSubscriberCard(session)) return null;
  return (
    <Suspense fallback={null}>
      <CardForNumber {...props} />
    </Suspense>
  );
}
