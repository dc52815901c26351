/**
 * When the file store is down, uploads and reports fail with one clear 503 and the rest of the
 * desk keeps working (the API side of fault (c); scripts/faults runs it against a real process).
 */
import { renameSync, mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import type { PresignReply } from '@switchboard/shared';
import { describeWithApp, type TestContext } from '../harness.ts';
import { signedInAs } from '../factories.ts';
import { buildGroup, IMAGES, postUploadForm, presign, ticketBody, uploadImage } from '../ticket-factories.ts';
import { reportBody } from './access-requests.ts';

const unavailable = { code: 'unavailable', message: 'File storage is unavailable right now. Please try again in a few minutes.' };

/** The reply, or a failure naming the hang: a request that never answers is the worst way to fail. */
function withinSeconds<T>(seconds: number, reply: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([reply, hang]).finally(() => clearTimeout(timer));
}

/** The calls that need no file store answer as usual. */
async function expectTicketsStillWork(ctx: TestContext, headers: Record<string, string>) {
  const group = await buildGroup(ctx.db);
  const issued = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/issue-ticket',
    headers,
    payload: ticketBody(group),
  });
  expect(issued.statusCode, issued.body).toBe(201);
  const id = issued.json<{ data: { ticket_id: number } }>().data.ticket_id;
  const commented = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/add-comment',
    headers,
    payload: { ticket_id: id, message: 'Still here' },
  });
  expect(commented.statusCode).toBe(201);
  expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/tickets/get-ticket-by-id/${id}`, headers })).statusCode).toBe(200);
  expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/tickets/user-type-wise-tickets/1', headers })).statusCode).toBe(
    200,
  );
}

describeWithApp('a local file store that fails', (ctx) => {
  let headers: Record<string, string> = {};
  let stored = '';
  beforeAll(async () => {
    headers = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
    stored = await uploadImage(ctx.app, headers);
    // The store's folder becomes a plain file: every write fails, as on a broken or read-only disk.
    const dir = ctx.config.storage.driver === 'local' ? ctx.config.storage.dir : '';
    renameSync(dir, `${dir}.moved`);
    writeFileSync(dir, 'not a folder');
  });

  it('refuses an upload with a clear 503', async () => {
    const granted = (await presign(ctx.app, headers, 'photo.png')).json<PresignReply>();
    const reply = await postUploadForm(ctx.app, granted.data, IMAGES.png);
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual(unavailable);
  });

  it('refuses a report with a clear 503, and at once', async () => {
    const reply = await withinSeconds(
      10,
      ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/report', headers, payload: reportBody() }),
    );
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual(unavailable);
  });

  it('keeps tickets, comments and lists working', async () => {
    await expectTicketsStillWork(ctx, headers);
    expect(stored).toMatch(/^\/storage\//);
  });

  it('serves again once the store is back', async () => {
    const dir = ctx.config.storage.driver === 'local' ? ctx.config.storage.dir : '';
    renameSync(dir, `${dir}.broken`);
    renameSync(`${dir}.moved`, dir);
    mkdirSync(dir, { recursive: true });
    expect((await ctx.app.inject({ method: 'GET', url: stored })).statusCode).toBe(200);
    expect(await uploadImage(ctx.app, headers)).toMatch(/^\/storage\//);
  });
});

describeWithApp(
  'an S3 bucket that does not answer',
  (ctx) => {
    let headers: Record<string, string> = {};
    beforeAll(async () => {
      headers = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
    });

    it('still grants uploads (signed here; the browser meets the outage itself)', async () => {
      expect((await presign(ctx.app, headers, 'photo.png')).statusCode).toBe(200);
    });

    it('refuses an attachment it cannot check, a report and a file read with a clear 503', async () => {
      const granted = (await presign(ctx.app, headers, 'photo.png')).json<PresignReply>();
      const group = await buildGroup(ctx.db);
      const withFile = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers,
        payload: ticketBody(group, { attachments: [granted.public_url] }),
      });
      expect(withFile.statusCode).toBe(503);
      expect(withFile.json()).toEqual(unavailable);
      const report = await withinSeconds(
        10,
        ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/report', headers, payload: reportBody() }),
      );
      expect(report.json()).toEqual(unavailable);
      const key = granted.data.fields.key ?? '';
      expect((await ctx.app.inject({ method: 'GET', url: `/storage/${key}` })).json()).toEqual(unavailable);
    });

    it('keeps tickets, comments and lists working', async () => {
      await expectTicketsStillWork(ctx, headers);
    });
  },
  {
    env: {
      STORAGE_DRIVER: 's3',
      // Port 9 (discard) on loopback: nothing listens, every call is refused at once.
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'switchboard',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    },
  },
);
