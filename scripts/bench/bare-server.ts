/**
 * The Node.js floor of a read path: a bare node:http server that answers each request by sending
 * the path's recorded statements through pg (a pool of the server's size) and writing every
 * statement's rows as JSON. HTTP, pg and JSON, and none of the desk's own work: what it reaches of
 * the SQL's throughput is what a Node.js server can reach at all on this machine.
 *
 * PUT /statements (a JSON array of requests, each an array of statements) sets what GET /replay
 * answers with, one request after the other.
 */
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '@switchboard/server/src/db/client.ts';
import type { SqlStatement } from './load.ts';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE),
});
let requests: SqlStatement[][] = [];
let next = 0;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function replay(statements: SqlStatement[]): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const { name, text, params } of statements)
    rows.push((await pool.query({ ...(name ? { name } : {}), text, values: params })).rows);
  return rows;
}

const server = createServer((request, response) => {
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'PUT' && request.url === '/statements') {
    bodyOf(request).then(
      (body) => {
        requests = JSON.parse(body) as SqlStatement[][];
        next = 0;
        answer(200, { requests: requests.length });
      },
      () => answer(400, {}),
    );
    return;
  }
  if (request.url === '/ping') return answer(200, { status: 'ok' });
  const statements = requests[next++ % Math.max(1, requests.length)];
  if (!statements) return answer(503, { message: 'no statements' });
  replay(statements).then(
    (rows) => answer(200, { data: rows }),
    () => answer(500, {}),
  );
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
