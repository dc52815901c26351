/** Reads a live event stream over real HTTP, as the web client does (fetch with the bearer header). */
import type { FastifyInstance } from 'fastify';
import { liveEventSchema, type LiveEvent, type UserType } from '@switchboard/shared';
import { signedInAs } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/harness.ts';

export interface EventStream {
  status: number;
  headers: Headers;
  /** The events so far, in order. */
  events: LiveEvent[];
  /** The comment lines so far (`ready`, `heartbeat`). */
  comments: string[];
  /** Whether the server ended the stream. */
  ended: () => boolean;
  /** Resolves once `check` holds for what has arrived (or rejects after `ms`). */
  until: (check: (stream: EventStream) => boolean, ms?: number) => Promise<void>;
  /** The body of a refusal. */
  body: unknown;
  close: () => void;
}

/** Opens GET /api/v1/events on a listening app; a refusal resolves with its status and body. */
export async function openEventStream(baseUrl: string, token: string | null): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  let ended = false;
  const waiters = new Set<() => void>();
  const stream: EventStream = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    ended: () => ended,
    body: null,
    close: () => abort.abort(),
    until: (check, ms = 5000) =>
      new Promise((resolve, reject) => {
        const waiter = () => {
          if (!check(stream)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`not within ${ms} ms; heard ${JSON.stringify(stream.events)} ${stream.comments.join(',')}`));
        }, ms);
        waiters.add(waiter);
        waiter();
      }),
  };
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  if (response.status !== 200 || !response.body) {
    stream.body = await response.json().catch(() => null);
    ended = true;
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          readFrame(stream, buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        notify();
      }
    } catch {
      // aborted by the test, or cut by the server
    }
    ended = true;
    notify();
  })();
  return stream;
}

function readFrame(stream: EventStream, frame: string): void {
  if (frame.startsWith(': ')) {
    stream.comments.push(frame.slice(2));
    return;
  }
  const name = /^event: (.+)$/m.exec(frame)?.[1];
  const data = /^data: (.+)$/m.exec(frame)?.[1];
  stream.events.push(liveEventSchema.parse({ event: name, data: JSON.parse(data ?? 'null') as unknown }));
}

/** Lets `app` listen on a free loopback port; its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Signs in a user of the given type, for the streams of a test. */
export function viewers(ctx: TestContext) {
  return async (userType: UserType) => {
    const signed = await signedInAs(ctx.app, ctx.db, { userType });
    return { ...signed, headers: signed.headers };
  };
}

export type Viewer = Awaited<ReturnType<ReturnType<typeof viewers>>>;
