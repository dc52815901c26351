import { isStaff } from '@switchboard/shared';
import { lazy, Suspense } from 'react';
import { currentSession } from '../../../lib/session.ts';

// One chunk of its own for both notes: the create form is close to its script budget.
const StaffNumberNotes = lazy(() => import('./staff-number-notes.tsx'));

/**
 * What staff learn below the number on the create form (DESIGN.md §23): a known outage of its area
 * and the subscriber card. Nothing at all, and nothing loaded, for customers and agents.
 */
export function StaffNumberSlot({ entry }: { entry: string }) {
  const session = currentSession();
  if (!session || !isStaff(session)) return null;
  return (
    <Suspense fallback={null}>
      <StaffNumberNotes entry={entry} />
    </Suspense>
  );
}
