import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { SubscriberImportReply } from '@switchboard/shared';
import { createClient, type TestClient } from '../../../test/api-client-factories.ts';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { subscribers } from '../../db/schema.ts';
import { IMPORT_BATCH_ROWS } from './subscriber-import.ts';
import { auditRowsOf, CSV_HEADER, csvOf, insertTestArea, postCsv, randomMobile } from './subscribers.test-support.ts';

/** Lowered for the tests, so that a file past it is quick to make. */
const MAX_BYTES = 256 * 1024;
/** Rows of the large import: IMPORT_SCALE_ROWS=100000 measures an import of that size. */
const SCALE_ROWS = Number(process.env.IMPORT_SCALE_ROWS ?? 2 * IMPORT_BATCH_ROWS + 17);

describeWithApp(
  'subscriber import',
  (ctx) => {
    let admin: Record<string, string>;
    let writer: TestClient;
    let reader: TestClient;
    let area: string;

    beforeAll(async () => {
      admin = (await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' })).headers;
      writer = await createClient(ctx.app, ctx.db, admin, { scopes: ['subscribers:write'] });
      reader = await createClient(ctx.app, ctx.db, admin, { scopes: ['alarms:write', 'tickets:read'] });
      area = await insertTestArea(ctx.db);
    });

    const storedOf = (numbers: string[]) => ctx.db.select().from(subscribers).where(inArray(subscribers.number, numbers));

    it('stores good rows, reports each refused row with its line and reason, and audits once', async () => {
      const [a, b, c, d] = [randomMobile(), randomMobile(), randomMobile(), randomMobile()];
      const body = csvOf(
        `${a.entry},Rahim Uddin,${area},Home 20,active,en`,
        `12345,Bad Number,${area},Home 20,active,bn`,
        `${b.entry},Karim,nowhere,Home 20,active,bn`,
        `${c.entry},"=cmd|' /C calc'!A0",${area},Home 20,active,bn`,
        `+88${a.entry},Rahim Again,${area},Home 40,active,bn`,
        `${d.entry},"Nasrin, Akter",${area},Fibre 50,suspended,`,
        `${d.entry.slice(1)},too few`,
      );
      const reply = await postCsv(ctx.app, admin, body);
      expect(reply.statusCode).toBe(200);
      const report = reply.json<SubscriberImportReply>();
      expect(report.message).toBe('2 subscribers stored, 5 rows refused');
      expect(report.data).toEqual({
        read: 7,
        stored: 2,
        refused: 5,
        refused_rows: [
          { line: 3, reason: 'number: Enter a mobile or product number, such as 01712345678' },
          { line: 4, reason: 'area: No area has the code nowhere' },
          { line: 5, reason: 'name: May not start with =, +, -, @ or a tab (a spreadsheet would run it)' },
          { line: 6, reason: 'number: The same number appeared on line 2' },
          { line: 8, reason: 'The row must have 6 columns' },
        ],
      });
      const rows = await storedOf([a.stored, b.stored, c.stored, d.stored]);
      expect(rows.map((row) => [row.number, row.name, row.plan, row.status, row.language]).sort()).toEqual(
        [
          [a.stored, 'Rahim Uddin', 'Home 20', 'active', 'en'],
          [d.stored, 'Nasrin, Akter', 'Fibre 50', 'suspended', 'bn'],
        ].sort(),
      );
      const [entry] = await auditRowsOf(ctx.db, 'subscribers.import', 'subscribers');
      expect(entry?.details).toMatchObject({ read: 7, stored: 2, refused: 5 });
    });

    it('updates only what changed: a second import of the same file stores nothing', async () => {
      const a = randomMobile();
      const body = [`number,name,area,plan,status`, `${a.entry},Shila,${area},Home 20,active`].join('\r\n');
      expect((await postCsv(ctx.app, writer.headers, body)).json<SubscriberImportReply>().data).toMatchObject({ stored: 1 });
      expect((await postCsv(ctx.app, writer.headers, body)).json<SubscriberImportReply>().data).toMatchObject({
        stored: 0,
        read: 1,
      });
      const changed = body.replace('Home 20', 'Home 30');
      expect((await postCsv(ctx.app, writer.headers, changed)).json<SubscriberImportReply>().data).toMatchObject({ stored: 1 });
      expect((await storedOf([a.stored]))[0]).toMatchObject({ plan: 'Home 30', language: 'bn' });
    });

    it('refuses a file with another header, unreadable CSV, or no CSV at all (400/415), storing nothing', async () => {
      const a = randomMobile();
      for (const header of [
        'name,number,area,plan,status',
        'number,name,area,plan',
        'number,name,area,plan,status,language,extra',
        '',
      ])
        expect((await postCsv(ctx.app, admin, `${header}\n${a.entry},X,${area},P,active\n`)).json()).toMatchObject({
          code: 'bad_request',
          message: expect.stringContaining('The first line must name the columns'),
        });
      const unclosed = await postCsv(ctx.app, admin, csvOf(`${a.entry},"Unclosed,${area},P,active,bn`));
      expect(unclosed.statusCode).toBe(400);
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/subscribers/import',
        headers: admin,
        payload: { rows: [] },
      });
      expect(json.statusCode).toBe(415);
      expect(await storedOf([a.stored])).toEqual([]);
    });

    it('refuses everybody but admins and clients with subscribers:write', async () => {
      const body = csvOf(`${randomMobile().entry},X,${area},P,active,bn`);
      for (const fields of [
        { userType: 'rs' as const },
        { userType: 'cc' as const, role: 'moderator' as const },
        { userType: 'customer' as const },
        { userType: 'agent' as const },
      ]) {
        const { headers } = await signedInAs(ctx.app, ctx.db, fields);
        expect((await postCsv(ctx.app, headers, body)).statusCode).toBe(403);
      }
      const withoutScope = await postCsv(ctx.app, reader.headers, body);
      expect(withoutScope.statusCode).toBe(403);
      expect(withoutScope.json()).toMatchObject({ code: 'forbidden' });
      expect((await postCsv(ctx.app, {}, body)).statusCode).toBe(401);
    });

    it('refuses a file larger than the limit by its length, before reading a row', async () => {
      const a = randomMobile();
      const reply = await postCsv(ctx.app, admin, csvOf(`${a.entry},X,${area},P,active,bn`).padEnd(MAX_BYTES + 1, '\n'));
      expect(reply.statusCode).toBe(413);
      expect(reply.json()).toMatchObject({ code: 'payload_too_large', message: 'The file is larger than 0 MB' });
      expect(await storedOf([a.stored])).toEqual([]);
    });

    it('refuses a stream that passes the limit mid-way, storing nothing of it', async () => {
      const numbers: string[] = [];
      const lines = Array.from({ length: 6000 }, (_, i) => {
        const { entry, stored } = randomMobile();
        numbers.push(stored);
        return `${entry},Subscriber ${i},${area},Home 20,active,bn`;
      });
      const body = csvOf(...lines);
      expect(body.length).toBeGreaterThan(MAX_BYTES);
      // A stream: no Content-Length, so only the count of bytes read can stop it.
      const chunks = body.match(/[\s\S]{1,8192}/g) ?? [];
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/subscribers/import',
        headers: { ...admin, 'content-type': 'text/csv' },
        payload: Readable.from(chunks),
      });
      expect(reply.statusCode).toBe(413);
      expect(await storedOf(numbers.slice(0, IMPORT_BATCH_ROWS + 1))).toEqual([]);
    });

    it('rolls back the batches stored before a line that cannot be read: nothing is half-imported', async () => {
      const numbers: string[] = [];
      const lines = Array.from({ length: IMPORT_BATCH_ROWS + 500 }, (_, i) => {
        const { entry, stored } = randomMobile();
        numbers.push(stored);
        return `${entry},Subscriber ${i},${area},Home 20,active,bn`;
      });
      lines.push(`${randomMobile().entry},"Unclosed,${area},Home 20,active,bn`);
      const audited = (await auditRowsOf(ctx.db, 'subscribers.import', 'subscribers')).length;
      const reply = await postCsv(ctx.app, admin, csvOf(...lines));
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('not readable CSV') });
      expect(await storedOf(numbers.slice(0, 100))).toEqual([]);
      expect(await auditRowsOf(ctx.db, 'subscribers.import', 'subscribers')).toHaveLength(audited);
    });

    // A measured run (IMPORT_SCALE_ROWS) is for PostgreSQL: PGlite is the tests' database, not production's.
    const measuredOnPglite = process.env.IMPORT_SCALE_ROWS !== undefined && ctx.kind === 'pglite';
    it.skipIf(measuredOnPglite)(`imports ${SCALE_ROWS} rows in batches`, { timeout: 600_000 }, async () => {
      const scaleArea = await insertTestArea(ctx.db);
      const start = 10_000_000 + Math.floor(Math.random() * 80_000_000);
      const lines = Array.from(
        { length: SCALE_ROWS },
        (_, i) => `019${start + i},Subscriber ${i},${scaleArea},Home ${i % 7},active,bn`,
      );
      const chunks = `${[CSV_HEADER, ...lines].join('\n')}\n`.match(/[\s\S]{1,65536}/g) ?? [];
      const began = performance.now();
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/subscribers/import',
        headers: { ...admin, 'content-type': 'text/csv' },
        payload: Readable.from(chunks),
      });
      const seconds = (performance.now() - began) / 1000;
      if (process.env.IMPORT_SCALE_ROWS) console.log(`[${ctx.kind}] ${SCALE_ROWS} rows imported in ${seconds.toFixed(1)} s`);
      expect(reply.json<SubscriberImportReply>().data).toMatchObject({ read: SCALE_ROWS, stored: SCALE_ROWS, refused: 0 });
    });
  },
  { env: { SUBSCRIBER_IMPORT_MAX_BYTES: String(process.env.IMPORT_SCALE_ROWS ? 128 * 1024 * 1024 : MAX_BYTES) } },
);
