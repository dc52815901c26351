/**
 * The webhook receiver of the benchmark: answers every POST with 204 at once and counts them, run
 * as its own process so that it takes no CPU from the server it hears from. GET /count: the
 * deliveries received so far.
 */
import { createServer } from 'node:http';

let received = 0;
const server = createServer((request, response) => {
  if (request.method === 'POST') {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received }));
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
