import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Viewer } from '@switchboard/shared';
import { currentSession } from '../lib/session.ts';

export interface PermissionGateProps {
  /** A rule from @switchboard/shared (canManageUsers, canManageGroups, ...). */
  allows: (viewer: Viewer) => boolean;
  children: ReactNode;
}

/**
 * Renders a screen only for users the rule allows and sends everybody else to the ticket list, as
 * when a customer types /user-info. The server refuses them anyway; this spares them a broken page.
 */
export function PermissionGate({ allows, children }: PermissionGateProps) {
  const session = currentSession();
  if (!session || !allows(session)) return <Navigate to="/tickets" search={{ page: 1 }} replace />;
  return children;
}
