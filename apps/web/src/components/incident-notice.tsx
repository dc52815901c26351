import { lazy, Suspense } from 'react';

export interface IncidentNoticeProps {
  subGroupId: string | null;
  /** The subgroup's name in the interface's language (`useLabels().subgroup`). */
  subGroupName: string;
}

// Loaded once a subgroup is chosen: until then the forms show no notice, and their first paint
// does not wait for it.
const IncidentNoticeBody = lazy(() =>
  import('./incident-notice-body.tsx').then((module) => ({ default: module.IncidentNoticeBody })),
);

/**
 * Shown under the subgroup while an incident of it is active: the public notes, so that people
 * reporting the same fault learn it is known before they submit. Submitting stays possible.
 */
export function IncidentNotice({ subGroupId, subGroupName }: IncidentNoticeProps) {
  if (subGroupId === null) return null;
  return (
    <Suspense fallback={null}>
      <IncidentNoticeBody subGroupId={subGroupId} subGroupName={subGroupName} />
    </Suspense>
  );
}
