/** API clients for tests (DESIGN.md §21): made through the API as an admin would, with their bearer headers. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ApiClientCreateInput, ApiClientCreatedReply } from '@switchboard/shared';
import type { Db } from '../src/db/client.ts';
import { apiClients } from '../src/db/schema.ts';

export interface TestClient {
  id: string;
  token: string;
  headers: { authorization: string };
  /** The client's own account (kind 'client'). */
  accountId: string;
}

let sequence = 0;

/** Creates a client through POST /api-clients with an admin's headers; fails the test on any other answer than 201. */
export async function createClient(
  app: FastifyInstance,
  db: Db,
  adminHeaders: Record<string, string>,
  fields: Partial<ApiClientCreateInput> = {},
): Promise<TestClient> {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/v1/api-clients',
    headers: adminHeaders,
    payload: { name: `Test client ${++sequence}`, department: 'cc', scopes: ['tickets:read'], ...fields },
  });
  if (reply.statusCode !== 201) throw new Error(`POST /api-clients answered ${reply.statusCode}: ${reply.body}`);
  const { data, token } = reply.json<ApiClientCreatedReply>();
  const [row] = await db.select({ userId: apiClients.userId }).from(apiClients).where(eq(apiClients.id, data.id));
  if (!row) throw new Error('the created client is not stored');
  return { id: data.id, token, headers: { authorization: `Bearer ${token}` }, accountId: row.userId };
}

/** Moves the client's expiry into the past, as if its days had run out. */
export async function expireClient(db: Db, id: string): Promise<void> {
  await db
    .update(apiClients)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(apiClients.id, id));
}
