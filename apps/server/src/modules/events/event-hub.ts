/**
 * The open event streams of this process (DESIGN.md §15): at most `streamsMax` in all and
 * LIVE_STREAMS_PER_USER per user (a further one closes that user's oldest), one heartbeat timer for
 * all, and the filter that decides who hears what. A stream that cannot keep up is closed rather
 * than buffered without end; its client reconnects and refetches.
 */
import type { ServerResponse } from 'node:http';
import {
  canHearBroadcastEvent,
  canHearDueSoon,
  canHearIncidentEvent,
  canHearLowRating,
  canHearTicketEvent,
  canSeeAlarms,
  canUsePresence,
  isStaff,
  LIVE_STREAMS_PER_USER,
  type AlarmEventData,
  type BroadcastEventData,
  type DueSoonEventData,
  type InboxAddedEventData,
  type IncidentEventData,
  type LowRatingEventData,
  type TicketEventData,
  type UserType,
} from '@switchboard/shared';
import type { PublishedEvent } from './publish.ts';

/** Unsent bytes a stream may hold before it counts as stuck and is closed. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Who holds a stream, as the filter and the account check need it. */
export interface StreamHolder {
  id: string;
  user_type: UserType;
  /** The token's account version: a changed account ends the stream. */
  tokenVersion: number;
  /** When the token expires (ms since the epoch): the stream ends with it. */
  expiresAt: number;
}

export interface LiveStream {
  holder: StreamHolder;
  response: ServerResponse;
}

export interface AccountState {
  id: string;
  user_type: UserType;
  tokenVersion: number;
}

export interface EventHubOptions {
  streamsMax: number;
  heartbeatMs: number;
  /** The live accounts among the holders' ids (deleted ones are left out). */
  readAccounts: (ids: string[]) => Promise<AccountState[]>;
  onError: (error: unknown) => void;
}

export interface EventHub {
  /** Opens a stream on the response (headers and `: ready` are written), or 'busy' at the ceiling. */
  open(holder: StreamHolder, response: ServerResponse): LiveStream | 'busy';
  /** Writes the event to every stream whose holder may hear it; account.changed ends that account's streams. */
  deliver(event: PublishedEvent): void;
  /** Ends every stream (their clients reconnect and refetch). */
  closeAll(): void;
  /** Stops the heartbeat and ends every stream. */
  stop(): void;
  readonly size: number;
}

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

type Frame = string | null;

/** The frame a holder hears for the event, or null when it may not hear it: ids only. */
export function frameFor(holder: Pick<StreamHolder, 'id' | 'user_type'>, event: PublishedEvent): Frame {
  if (event.event === 'account.changed') return null;
  if (event.event === 'incident.changed') {
    if (!canHearIncidentEvent(holder)) return null;
    const data: IncidentEventData = { incident_id: event.incident_id };
    return `event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (event.event === 'broadcast.finished') return null;
  if (event.event === 'broadcast.changed') {
    if (!canHearBroadcastEvent(holder)) return null;
    const data: BroadcastEventData = { incident_id: event.incident_id, broadcast_id: event.broadcast_id };
    return `event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (event.event === 'alarm.changed') {
    if (!event.live || !canSeeAlarms(holder)) return null;
    const data: AlarmEventData = event.incident_id === undefined ? {} : { incident_id: event.incident_id };
    return `event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (event.event === 'ticket.rated_low') {
    if (!canHearLowRating(holder, event)) return null;
    const data: LowRatingEventData = { ticket_id: event.ticket_id, score: event.score };
    return `event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (event.event === 'ticket.due_soon') {
    if (!canHearDueSoon(holder, event)) return null;
    const data: DueSoonEventData = { ticket_id: event.ticket_id };
    return `event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (event.event === 'inbox.added') {
    // The bell is each person's own: only those told hear it, and only how many they have unread.
    if (!event.user_ids.includes(holder.id)) return null;
    const data: InboxAddedEventData = { unread: event.unread };
    return `event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (event.event === 'ticket.presence') {
    // Staff's alone (DESIGN.md §27), and only those on the ticket need to read who is there.
    if (!canUsePresence(holder) || !event.user_ids.includes(holder.id)) return null;
    const data: TicketEventData = { ticket_id: event.ticket_id };
    return `event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (!canHearTicketEvent(holder, event)) return null;
  const data: TicketEventData = { ticket_id: event.ticket_id };
  if (event.comment_id !== undefined) data.comment_id = event.comment_id;
  // Which incident a ticket belongs to is staff's to know, as the ticket's own reply shows.
  if (event.incident_id !== undefined && isStaff(holder)) data.incident_id = event.incident_id;
  return `event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createEventHub(options: EventHubOptions): EventHub {
  const streams = new Set<LiveStream>();
  const byUser = new Map<string, LiveStream[]>();
  let heartbeat: NodeJS.Timeout | null = null;
  let checking = false;

  function remove(stream: LiveStream): void {
    if (!streams.delete(stream)) return;
    const own = byUser.get(stream.holder.id)?.filter((other) => other !== stream) ?? [];
    if (own.length > 0) byUser.set(stream.holder.id, own);
    else byUser.delete(stream.holder.id);
    if (streams.size === 0) stopHeartbeat();
  }

  function end(stream: LiveStream): void {
    remove(stream);
    if (!stream.response.destroyed) stream.response.end();
  }

  function write(stream: LiveStream, frame: string): void {
    const { response } = stream;
    if (response.destroyed || response.writableEnded) return remove(stream);
    if (response.writableLength > MAX_BUFFERED_BYTES) {
      remove(stream);
      response.destroy();
      return;
    }
    response.write(frame);
  }

  function startHeartbeat(): void {
    if (heartbeat) return;
    heartbeat = setInterval(beat, options.heartbeatMs);
    heartbeat.unref();
  }

  function stopHeartbeat(): void {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  }

  function beat(): void {
    for (const stream of streams) write(stream, ': heartbeat\n\n');
    void checkAccounts();
  }

  /** Ends the streams of accounts deleted or changed since they opened (their rights may differ now), and of expired tokens. */
  async function checkAccounts(): Promise<void> {
    if (checking || streams.size === 0) return;
    checking = true;
    try {
      // Only the streams open before the query: one opened meanwhile was checked as it opened.
      const checked = [...streams];
      const ids = [...new Set(checked.map((stream) => stream.holder.id))];
      const accounts = new Map((await options.readAccounts(ids)).map((account) => [account.id, account]));
      for (const stream of checked) {
        const account = accounts.get(stream.holder.id);
        const unchanged =
          account &&
          account.user_type === stream.holder.user_type &&
          account.tokenVersion === stream.holder.tokenVersion &&
          stream.holder.expiresAt > Date.now();
        if (!unchanged) end(stream);
      }
    } catch (error) {
      // The database does not answer: the listener's loss ends the streams if it lasts.
      options.onError(error);
    } finally {
      checking = false;
    }
  }

  return {
    open(holder, response) {
      const own = byUser.get(holder.id) ?? [];
      const surplus = Math.max(0, own.length + 1 - LIVE_STREAMS_PER_USER);
      if (streams.size - surplus >= options.streamsMax) return 'busy';
      for (const oldest of own.slice(0, surplus)) end(oldest);
      const stream: LiveStream = { holder, response };
      streams.add(stream);
      byUser.set(holder.id, [...(byUser.get(holder.id) ?? []), stream]);
      response.on('close', () => remove(stream));
      response.writeHead(200, STREAM_HEADERS);
      response.write(': ready\n\n');
      startHeartbeat();
      return stream;
    },
    deliver(event) {
      if (event.event === 'account.changed') {
        // Its rights may differ now: no further id reaches it. The client reconnects and is refused.
        for (const stream of [...(byUser.get(event.user_id) ?? [])]) end(stream);
        return;
      }
      for (const stream of streams) {
        const frame = frameFor(stream.holder, event);
        if (frame) write(stream, frame);
      }
    },
    closeAll() {
      for (const stream of [...streams]) end(stream);
    },
    stop() {
      stopHeartbeat();
      for (const stream of [...streams]) end(stream);
    },
    get size() {
      return streams.size;
    },
  };
}
