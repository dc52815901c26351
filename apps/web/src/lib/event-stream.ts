/**
 * The live updates stream (DESIGN.md §15): GET /events read with `fetch`, since EventSource cannot
 * send the bearer header. Loaded lazily by the signed-in layout, so no route pays for it up front.
 */
import { LIVE_EVENTS_PATH, LIVE_HEARTBEAT_MS, liveEventSchema, type LiveEvent } from '@switchboard/shared';
import { apiRequest } from './api-client.ts';
import { readToken } from './session.ts';

/** One message of a Server-Sent Events stream; `event` is "message" when the server names none. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * A parser for the SSE wire format: feed it text as it arrives, in chunks cut anywhere; it calls
 * `onMessage` for every complete message. Comment lines (`: heartbeat`) and fields other than
 * `event` and `data` are ignored; a message without data is dropped, as browsers do.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let afterCarriageReturn = false;
  return (chunk) => {
    // A CRLF cut between two chunks is one line end, not two.
    buffer += afterCarriageReturn && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    afterCarriageReturn = chunk.endsWith('\r');
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      // A comment line (`: heartbeat`) has an empty field name, and so is skipped below.
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  };
}

/** The event a message carries, or null for anything malformed or unknown (it is ignored). */
export function toLiveEvent(message: SseMessage): LiveEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null;
  }
  const parsed = liveEventSchema.safeParse({ event: message.event, data });
  return parsed.success ? parsed.data : null;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** A stream that lived this long was healthy: the next break starts the backoff again at 1 s. */
const HEALTHY_STREAM_MS = 60_000;
/** Nothing at all (not even a heartbeat) for this long: the connection is dead, though not closed. */
const SILENCE_LIMIT_MS = LIVE_HEARTBEAT_MS * 2 + 5000;

/**
 * The wait before reconnect attempt `attempt` (0-based): 1 s doubling up to 30 s, with jitter
 * (between half and all of it) so that a restarted server is not hit by every tab at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface EventStreamOptions {
  onEvent: (event: LiveEvent) => void;
  /** Connected again after a break: whatever happened meanwhile was not heard. */
  onReconnect: () => void;
  random?: () => number;
}

/**
 * Keeps one stream open for the signed-in user until `stop` is called or the token is gone;
 * reconnects with backoff. A refused token goes through the app's usual check, which signs the
 * user out when the server agrees. Returns `stop`.
 */
export function startEventStream({ onEvent, onReconnect, random }: EventStreamOptions): () => void {
  const stopped = new AbortController();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopped.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stopped.signal.addEventListener('abort', done);
    });

  /** Reads one connection to its end; true when it was healthy (opened, and lived long enough). */
  const connect = async (token: string, isReconnect: boolean): Promise<boolean> => {
    const connection = new AbortController();
    let reader: ReadableStreamDefaultReader<string> | null = null;
    const abort = () => {
      connection.abort();
      // Ends a pending read even where the body does not follow the request's signal.
      void reader?.cancel().catch(() => undefined);
    };
    stopped.signal.addEventListener('abort', abort);
    let silence = setTimeout(abort, SILENCE_LIMIT_MS);
    const opened = Date.now();
    // A message cut off with its connection is dropped: each connection parses afresh.
    const parse = createSseParser((message) => {
      const event = toLiveEvent(message);
      if (event) onEvent(event);
    });
    try {
      const response = await fetch(`/api/v1${LIVE_EVENTS_PATH}`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal: connection.signal,
      });
      if (response.status === 401) {
        // The usual path of a refused token: validate-token, and the sign-out if it fails too.
        await apiRequest('/users/validate-token').catch(() => undefined);
        return false;
      }
      if (!response.ok || !response.body) return false;
      if (isReconnect) onReconnect();
      reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        clearTimeout(silence);
        silence = setTimeout(abort, SILENCE_LIMIT_MS);
        parse(value);
      }
    } catch {
      // Offline, aborted or cut off: the loop decides what comes next.
    } finally {
      clearTimeout(silence);
      stopped.signal.removeEventListener('abort', abort);
    }
    return Date.now() - opened >= HEALTHY_STREAM_MS;
  };

  void (async () => {
    let failures = 0;
    // Any connection after the first may have missed events, even when the first never opened.
    let triedBefore = false;
    while (!stopped.signal.aborted) {
      const token = readToken();
      if (!token) return;
      const healthy = await connect(token, triedBefore);
      triedBefore = true;
      if (stopped.signal.aborted) return;
      failures = healthy ? 0 : failures + 1;
      await wait(backoffDelay(Math.max(0, failures - 1), random));
    }
  })();

  return () => stopped.abort();
}
