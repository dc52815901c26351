/**
 * The S3 driver against a real S3-compatible server (s3rver). s3rver accepts whatever a POST brings
 * (any key, size or type: it does not read the POST policy), so these tests also show what the
 * server checks itself when an upload is named in a ticket.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES, type IssueTicketReply, type PresignReply } from '@switchboard/shared';
import { tickets, uploads } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { IMAGES, buildGroup, presign, ticketBody } from '../../../test/ticket-factories.ts';
import { JUNE, reportLink } from '../reports/reports.test-support.ts';
import { postToStore, startS3Server } from './s3-server.test-support.ts';
import { createS3Storage } from './s3-storage.ts';
import { purgeUnusedUploads } from './storage.service.ts';

const s3 = await startS3Server();
afterAll(() => s3.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the S3 driver against an S3-compatible server', () => {
  const storage = createS3Storage(s3.settings);

  it('puts a file, reads it whole or only its beginning, and removes it', async () => {
    const key = `reports/2026/03/${randomUUID()}/tickets.xlsx`;
    const bytes = Buffer.from('PK\u0003\u0004 a workbook, or near enough');
    await storage.put(key, Readable.from([bytes]), XLSX);
    const read = await storage.read(key);
    expect(read?.size).toBe(bytes.length);
    expect(Buffer.concat(await (read?.body.toArray() ?? []))).toEqual(bytes);
    expect(await storage.readStart(key, 4)).toEqual({ size: bytes.length, contentType: XLSX, bytes: bytes.subarray(0, 4) });
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.readStart(key, 4)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
  });

  it('reads the beginning of an empty object as no bytes', async () => {
    const key = `reports/2026/03/${randomUUID()}/empty.json`;
    await storage.put(key, Buffer.alloc(0), 'application/json');
    expect(await storage.readStart(key, 4100)).toMatchObject({ size: 0, bytes: Buffer.alloc(0) });
  });
});

describeWithApp(
  'uploads and reports with the S3 driver',
  (ctx) => {
    /** The bucket as the server sees it, for looking behind the app's back. */
    const bucket = createS3Storage(s3.settings);
    const ticketCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(tickets))[0]?.n;
    const uploadRow = async (key: string) => (await ctx.db.select().from(uploads).where(eq(uploads.key, key)))[0];

    const grant = async (headers: Record<string, string>, name = 'photo.png') => {
      const reply = await presign(ctx.app, headers, name);
      expect(reply.statusCode).toBe(200);
      return reply.json<PresignReply>();
    };
    const keyOf = (granted: PresignReply) => granted.data.fields.key ?? '';
    const issue = async (headers: Record<string, string>, attachments: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers,
        payload: ticketBody(await buildGroup(ctx.db), { attachments }),
      });
    /** Naming the attachment is refused with 400 and this message, and nothing is stored or claimed. */
    const expectRefused = async (headers: Record<string, string>, url: string, message: RegExp) => {
      const before = await ticketCount();
      const reply = await issue(headers, [url]);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation', message: expect.stringMatching(message) });
      expect(await ticketCount()).toBe(before);
    };

    it('stores a presigned POST in the bucket, serves it, and lets a ticket name it', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const granted = await grant(headers);
      expect(granted.data.url).toBe(`${s3.settings.endpoint}/switchboard`);
      expect(granted.public_url).toBe(`${s3.settings.endpoint}/switchboard/${keyOf(granted)}`);
      expect((await postToStore(granted.data, IMAGES.png)).status).toBe(204);

      const fromBucket = await fetch(granted.public_url);
      expect(fromBucket.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(IMAGES.png);
      const fromApp = await ctx.app.inject({ method: 'GET', url: `/storage/${keyOf(granted)}` });
      expect(fromApp.statusCode).toBe(200);
      expect(fromApp.headers['content-type']).toBe('image/png');
      expect(fromApp.rawPayload).toEqual(IMAGES.png);

      const reply = await issue(headers, [granted.public_url]);
      expect(reply.statusCode, reply.body).toBe(201);
      const { data } = reply.json<IssueTicketReply>();
      expect(data.attachments).toEqual([granted.public_url]);
      expect((await uploadRow(keyOf(granted)))?.usedBy).toBe(`ticket:${data.ticket_id}`);
    });

    it('refuses to name a granted upload whose file never reached the bucket', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const granted = await grant(headers);
      await expectRefused(headers, granted.public_url, /not finished uploading/);
    });

    it('s3rver stores a POST under a key the policy does not allow; the server never takes that key', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const granted = await grant(headers);
      const otherKey = `attachments/2026/01/${randomUUID()}.png`;
      expect((await postToStore(granted.data, IMAGES.png, { key: otherKey })).status).toBe(204);
      expect(await bucket.exists(otherKey)).toBe(true);
      await expectRefused(headers, bucket.publicUrlOf(otherKey), /not an image uploaded here/);
    });

    describe('objects that s3rver stores in spite of the POST policy are refused when named', () => {
      const oversize = Buffer.concat([IMAGES.png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - IMAGES.png.length)]);
      it.each([
        ['an HTML page sent as a PNG', Buffer.from('<!doctype html><script>alert(1)</script>'), {}, /not the image/],
        ['a GIF under a PNG grant', IMAGES.gif, {}, /not the image/],
        ['a PNG stored with the type text/html', IMAGES.png, { 'Content-Type': 'text/html' }, /not the image/],
        ['an empty file', Buffer.alloc(0), {}, /not the image/],
        ['a file one byte over 10 MB', oversize, {}, /larger than 10 MB/],
      ])('%s', async (_name, bytes, fieldOverrides: Record<string, string>, message) => {
        const { headers } = await signedInAs(ctx.app, ctx.db);
        const granted = await grant(headers);
        expect((await postToStore(granted.data, bytes, fieldOverrides)).status).toBe(204);
        await expectRefused(headers, granted.public_url, message);
        expect(await uploadRow(keyOf(granted))).toMatchObject({ usedBy: null, storedAt: null });
      });
    });

    it('takes a refused object once the uploader replaces it through the same form', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const granted = await grant(headers);
      await postToStore(granted.data, Buffer.from('<!doctype html><p>not an image</p>'));
      await expectRefused(headers, granted.public_url, /not the image/);
      expect((await postToStore(granted.data, IMAGES.png)).status).toBe(204);
      expect((await issue(headers, [granted.public_url])).statusCode).toBe(201);
    });

    it('leaves a refused object to the purge, which removes it from the bucket a day later', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db);
      const granted = await grant(headers);
      await postToStore(granted.data, IMAGES.gif);
      await expectRefused(headers, granted.public_url, /not the image/);
      expect(await bucket.exists(keyOf(granted))).toBe(true);
      await ctx.db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(uploads.key, keyOf(granted)));
      await purgeUnusedUploads({ db: ctx.db, storage: bucket });
      expect(await bucket.exists(keyOf(granted))).toBe(false);
      expect(await uploadRow(keyOf(granted))).toBeUndefined();
    });

    it('writes a report to the bucket and serves it through its signed link until the link expires', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
      const link = await reportLink(ctx.app, headers, JUNE);
      const key = new URL(link, 'http://x').pathname.replace('/storage/', '');
      expect(await bucket.readStart(key, 2)).toMatchObject({ contentType: XLSX, bytes: Buffer.from('PK') });

      const download = await ctx.app.inject({ method: 'GET', url: link });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(XLSX);
      expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');

      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 });
      try {
        const expired = await ctx.app.inject({ method: 'GET', url: link });
        expect(expired.statusCode).toBe(403);
        expect(expired.json<{ message: string }>().message).toMatch(/expired/);
      } finally {
        vi.useRealTimers();
      }
    });
  },
  { env: s3.env },
);
