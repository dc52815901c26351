/**
 * Runs a Zabbix webhook media type script the way Zabbix does: the script's text with `value` (its
 * parameters as JSON) and a synchronous `HttpRequest`. The script runs in a worker whose requests
 * the main thread makes for real (the desk listens in this process), while the worker waits.
 */
import { Worker } from 'node:worker_threads';

/** The worker: Zabbix's HttpRequest over a shared buffer, then the script in a function of `value`. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { script, value, shared } = workerData;
const flag = new Int32Array(shared, 0, 2);
const bytes = new Uint8Array(shared, 8);
function HttpRequest() { this.headers = []; this.status = 0; }
HttpRequest.prototype.addHeader = function (header) { this.headers.push(header); };
HttpRequest.prototype.getStatus = function () { return this.status; };
HttpRequest.prototype.post = function (url, body) {
  Atomics.store(flag, 0, 0);
  parentPort.postMessage({ url: url, headers: this.headers, body: body });
  Atomics.wait(flag, 0, 0);
  const reply = JSON.parse(new TextDecoder().decode(bytes.slice(0, flag[1])));
  this.status = reply.status;
  return reply.body;
};
try {
  const result = new Function('value', 'HttpRequest', script)(value, HttpRequest);
  parentPort.postMessage({ done: true, result: String(result) });
} catch (error) {
  parentPort.postMessage({ done: true, error: String(error) });
}
`;

interface Outgoing {
  url: string;
  headers: string[];
  body: string;
}

function headersOf(lines: string[]): Record<string, string> {
  return Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
}

/** What the script returned, or the text it threw (as Zabbix shows a failed media type). */
export async function runZabbixScript(
  script: string,
  parameters: Record<string, string>,
): Promise<{ result?: string; error?: string }> {
  const shared = new SharedArrayBuffer(8 + 65_536);
  const flag = new Int32Array(shared, 0, 2);
  const bytes = new Uint8Array(shared, 8);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { script, value: JSON.stringify(parameters), shared } });
  try {
    return await new Promise((resolve, reject) => {
      worker.on('error', reject);
      worker.on('message', (message: Outgoing | { done: true; result?: string; error?: string }) => {
        if ('done' in message) return resolve({ result: message.result, error: message.error });
        void fetch(message.url, { method: 'POST', headers: headersOf(message.headers), body: message.body })
          .then(async (reply) => ({ status: reply.status, body: await reply.text() }))
          .catch((error: unknown) => ({ status: 0, body: String(error) }))
          .then((reply) => {
            const encoded = new TextEncoder().encode(JSON.stringify(reply)).slice(0, bytes.length);
            bytes.set(encoded);
            Atomics.store(flag, 1, encoded.length);
            Atomics.store(flag, 0, 1);
            Atomics.notify(flag, 0);
          });
      });
    });
  } finally {
    await worker.terminate();
  }
}
