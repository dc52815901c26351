/** Accounts, a group, tickets and uploads for the fault scenarios, written straight into their cluster. */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { call, type ServerProcess } from './server-process.ts';

export interface SeededUser {
  id: string;
  userType: string;
  role: string;
  name: string;
  productNumber: string;
  token: string;
}

export interface Seed {
  staff: SeededUser;
  customer: SeededUser;
  groupId: string;
  subgroupId: string;
}

/** The smallest PNG there is: what the upload scenarios send. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function insertUser(
  client: pg.Client,
  server: ServerProcess,
  userType: string,
  role: string,
  name: string,
): Promise<SeededUser> {
  const productNumber = `88096${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const { rows } = await client.query<{ id: string }>(
    'insert into users (name, product_number, user_type, role) values ($1, $2, $3, $4) returning id',
    [name, productNumber, userType, role],
  );
  const id = rows[0]?.id ?? '';
  const user = { id, userType, role, name, productNumber };
  return { ...user, token: await server.tokenFor(user) };
}

export async function seed(databaseUrl: string, server: ServerProcess): Promise<Seed> {
  return withClient(databaseUrl, async (client) => {
    const staff = await insertUser(client, server, 'cc', 'admin', 'Fault staff');
    const customer = await insertUser(client, server, 'customer', 'user', 'Fault customer');
    const group = await client.query<{ id: string }>("insert into groups (group_name) values ('Faults') returning id");
    const groupId = group.rows[0]?.id ?? '';
    const subgroup = await client.query<{ id: string }>(
      "insert into subgroups (group_id, sub_group_bn, sub_group_en) values ($1, 'ধীর গতি', 'Slow speed') returning id",
      [groupId],
    );
    return { staff, customer, groupId, subgroupId: subgroup.rows[0]?.id ?? '' };
  });
}

/** Open tickets of the customer, held by cc. */
export async function insertTickets(databaseUrl: string, seeded: Seed, count: number): Promise<number[]> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ ticket_id: string }>(
      `insert into tickets (title, description, problematic_number, issuer_user_id, issuer_number, issuer_user_type, group_id, group_name, sub_group_id, sub_group_name)
       select 'Fault ticket ' || n, 'Seeded for the fault run', '88017' || lpad(n::text, 8, '0'), $1, $2, 'customer', $3, 'Faults', $4, 'Slow speed'
       from generate_series(1, $5::int) n returning ticket_id`,
      [seeded.customer.id, seeded.customer.productNumber, seeded.groupId, seeded.subgroupId, count],
    );
    return rows.map((row) => Number(row.ticket_id));
  });
}

/** Presigns and uploads one PNG as `user`; the public_url, or the failed reply. */
export async function uploadPng(server: ServerProcess, user: SeededUser): Promise<{ url: string } | { failed: string }> {
  const granted = await call(`${server.url}/api/v1/tickets/get-presigned-post`, {
    token: user.token,
    json: { object_name: 'photo.png' },
  });
  if (granted.status !== 200) return { failed: `presign ${granted.status} ${granted.body}` };
  const grant = JSON.parse(granted.body) as { public_url: string; data: { url: string; fields: Record<string, string> } };
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.data.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.png');
  // The local store's form posts to the server itself, an S3 form to the bucket.
  const stored = await call(new URL(grant.data.url, server.url).toString(), { body: form });
  return stored.status === 204 ? { url: grant.public_url } : { failed: `upload ${stored.status} ${stored.body || stored.error}` };
}
