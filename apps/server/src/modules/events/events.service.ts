/** Live updates (DESIGN.md §15): opening a viewer's stream and handing each published event to the hub. */
import type { ServerResponse } from 'node:http';
import { AppError } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { AccountState, EventHub, StreamHolder } from './event-hub.ts';
import { findStreamAccounts } from './events.repository.ts';
import { parsePublishedEvent } from './publish.ts';

export interface EventsContext {
  hub: EventHub;
  /** Whether this process hears the events channel: a stream opened without it would miss events. */
  listening: boolean;
}

/** Opens the holder's stream on the response, or refuses with 503 (not listening, or at the ceiling). */
export function openStream(ctx: EventsContext, holder: StreamHolder, response: ServerResponse): void {
  if (!ctx.listening) throw new AppError('unavailable', 'events.notListening');
  if (ctx.hub.open(holder, response) === 'busy') throw new AppError('busy', 'events.streamsBusy');
}

export function receivePayload(ctx: EventsContext, payload: string): void {
  const event = parsePublishedEvent(payload);
  if (event) ctx.hub.deliver(event);
}

export async function readStreamAccounts(db: Db, ids: string[]): Promise<AccountState[]> {
  const rows = await findStreamAccounts(db, ids);
  return rows.map((row) => ({ id: row.id, user_type: row.userType, tokenVersion: row.tokenVersion }));
}
