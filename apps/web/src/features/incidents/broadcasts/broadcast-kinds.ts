/** The catalog's words of each broadcast kind and status (DESIGN.md §23). */
import type { BroadcastKind, BroadcastStatus } from '@switchboard/shared';

export const KIND_KEYS = { outage: 'kindOutage', update: 'kindUpdate', restored: 'kindRestored' } as const satisfies Record<
  BroadcastKind,
  string
>;
export const STATUS_KEYS = {
  sending: 'broadcastSending',
  finished: 'broadcastFinished',
  cancelled: 'broadcastCancelled',
} as const satisfies Record<BroadcastStatus, string>;
