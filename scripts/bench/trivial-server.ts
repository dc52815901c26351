/**
 * The floor of the benchmark: one Fastify route that answers a small JSON body without any work,
 * run as its own process like the real server.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ status: 'ok' }));
app.get('/list', async () => ({ data: [], total_tickets: 0, total_pages: 0, previous_page: null, next_page: null }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
