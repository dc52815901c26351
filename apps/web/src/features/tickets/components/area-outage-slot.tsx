import { isStaff } from '@switchboard/shared';
import { lazy, Suspense } from 'react';
import { currentSession } from '../../../lib/session.ts';

// Its own chunk: the create form is close to its script budget.
const AreaOutageNotice = lazy(() => import('./area-outage-notice.tsx'));

/** The known outage of the number's area, below the number on the create form: for staff only. */
export function AreaOutageSlot({ entry }: { entry: string }) {
  const session = currentSession();
  if (!session || !isStaff(session)) return null;
  return (
    <Suspense fallback={null}>
      <AreaOutageNotice entry={entry} />
    </Suspense>
  );
}
