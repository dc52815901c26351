/** Real HTTP receivers on loopback for the webhook tests: each records what it was sent. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: ReceivedHook[];
  close(): Promise<void>;
}

/** A receiver that answers each request with `answer` (200 by default) once it has read the body. */
export async function startReceiver(
  answer: (hook: ReceivedHook, response: http.ServerResponse) => void = (_hook, response) => response.end('ok'),
): Promise<Receiver> {
  const received: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
      );
      const hook = { path: request.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(hook);
      answer(hook, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
