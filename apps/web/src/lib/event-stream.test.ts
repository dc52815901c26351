import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@switchboard/shared';
import { backoffDelay, createSseParser, startEventStream, toLiveEvent, type SseMessage } from './event-stream.ts';

function parsed(...chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const feed = createSseParser((message) => messages.push(message));
  chunks.forEach(feed);
  return messages;
}

describe('the SSE parser', () => {
  it('reads named events and ignores comment lines', () => {
    expect(
      parsed(
        ': ready\n\nevent: ticket.created\ndata: {"ticket_id":7}\n\n: heartbeat\n\nevent: comment.added\ndata: {"ticket_id":8}\n\n',
      ),
    ).toEqual([
      { event: 'ticket.created', data: '{"ticket_id":7}' },
      { event: 'comment.added', data: '{"ticket_id":8}' },
    ]);
  });

  it('joins a message cut anywhere across chunks, CRLF included', () => {
    expect(parsed('eve', 'nt: ticket.changed\r', '\ndata: {"ticket_', 'id":9}\r\n', '\r\n')).toEqual([
      { event: 'ticket.changed', data: '{"ticket_id":9}' },
    ]);
  });

  it('joins data lines with a line break, names a nameless event "message" and drops one without data', () => {
    expect(parsed('data: a\ndata:b\n\nevent: ticket.created\n\nid: 3\nretry: 10\n\n')).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('dispatches nothing before the blank line that ends a message', () => {
    expect(parsed('event: ticket.created\ndata: {"ticket_id":7}\n')).toEqual([]);
  });
});

describe('toLiveEvent', () => {
  it('accepts an event of the contract', () => {
    expect(toLiveEvent({ event: 'incident.changed', data: '{"incident_id":4}' })).toEqual({
      event: 'incident.changed',
      data: { incident_id: 4 },
    });
  });

  it.each([
    ['broken JSON', 'ticket.created', '{"ticket_id":'],
    ['an unknown name', 'ticket.deleted', '{"ticket_id":1}'],
    ['data of the wrong shape', 'ticket.changed', '{"ticket_id":"1"}'],
    ['an incident event without its id', 'incident.changed', '{"ticket_id":1}'],
  ])('ignores %s', (_, event, data) => {
    expect(toLiveEvent({ event, data })).toBeNull();
  });
});

describe('backoffDelay', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => backoffDelay(attempt, top))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads the reconnects between half and all of the step', () => {
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
  });
});

/** A reply whose body stays open until the test closes it. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

describe('startEventStream', () => {
  let stop: (() => void) | null = null;
  const events: LiveEvent[] = [];
  const onReconnect = vi.fn();
  const start = () => {
    stop = startEventStream({ onEvent: (event) => events.push(event), onReconnect, random: () => 1 });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('jwt_token', 'token-1');
    events.length = 0;
    onReconnect.mockReset();
  });

  afterEach(() => {
    stop?.();
    stop = null;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and hands on each valid event, ignoring malformed ones', async () => {
    const stream = openStream();
    const fetchMock = vi.fn(() => Promise.resolve(stream.response));
    vi.stubGlobal('fetch', fetchMock);
    start();
    await vi.advanceTimersByTimeAsync(0);
    stream.send(': ready\n\nevent: comment.added\ndata: {"ticket_id":5,"comment_id":"nope"}\n\n');
    stream.send('event: ticket.changed\ndata: {"ticket_id":5}\n\n');
    await vi.advanceTimersByTimeAsync(0);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/events');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-1');
    expect(events).toEqual([{ event: 'ticket.changed', data: { ticket_id: 5 } }]);
  });

  it('reconnects with growing waits after failures, and reports the reconnect so that missed data is refetched', async () => {
    const streams = [openStream(), openStream()];
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockResolvedValueOnce(streams[0]?.response)
      .mockResolvedValueOnce(streams[1]?.response);
    vi.stubGlobal('fetch', fetchMock);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The 503 is the second failure in a row: the wait doubles.
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onReconnect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onReconnect).toHaveBeenCalledTimes(1);

    // A stream that lived a while was healthy: after it ends the waits start again at 1 s.
    await vi.advanceTimersByTimeAsync(50_000);
    streams[0]?.send(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(20_000);
    streams[0]?.close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(onReconnect).toHaveBeenCalledTimes(2);
  });

  it('drops a connection that went silent for two heartbeats and opens a new one', async () => {
    const silent = openStream();
    const fetchMock = vi.fn().mockResolvedValueOnce(silent.response).mockResolvedValue(openStream().response);
    vi.stubGlobal('fetch', fetchMock);
    start();
    await vi.advanceTimersByTimeAsync(54_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands a refused token to the usual session check', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify({ message: 'no', code: 'unauthorized' }), { status: url.endsWith('/events') ? 401 : 200 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/events', '/api/v1/users/validate-token']);
  });

  it('stops on sign-out and when stopped', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 503 })));
    vi.stubGlobal('fetch', fetchMock);
    start();
    await vi.advanceTimersByTimeAsync(0);
    localStorage.removeItem('jwt_token');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    localStorage.setItem('jwt_token', 'token-2');
    start();
    await vi.advanceTimersByTimeAsync(0);
    stop?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
