import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS, type ReportPreviewReply, type UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { signedLinkOf } from '../storage/signed-links.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { createProviderClock } from './provider-clock.ts';
import { generateReport } from './reports.service.ts';
import {
  JUNE,
  downloadWorkbook,
  insertTicket,
  recordsOf,
  reportLink,
  requestReport,
  sheetOf,
  type Headers,
} from './reports.test-support.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describeWithApp('reports', (ctx) => {
  let cc: Headers;
  beforeAll(async () => {
    cc = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
  });

  const keyOf = (link: string) => new URL(link, 'http://x').pathname.replace('/storage/', '');
  const idsIn = async (link: string) =>
    recordsOf(sheetOf(await downloadWorkbook(ctx.app, link), 'Tickets')).map((record) => record['Ticket ID']?.value);

  describe('who may export', () => {
    it.each<UserType>(['agent', 'customer', 'iptsp', 'oss_bss'])('refuses %s users with 403', async (userType) => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType, role: 'admin' });
      const reply = await requestReport(ctx.app, headers, JUNE);
      expect(reply.statusCode).toBe(403);
      expect(reply.json().code).toBe('forbidden');
    });

    it('refuses a caller without a session with 401', async () => {
      expect((await requestReport(ctx.app, {}, JUNE)).statusCode).toBe(401);
    });

    it.each<UserType>(['cc', 'rs'])('lets %s staff export, whatever their role', async (userType) => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType, role: 'user' });
      const reply = await requestReport(ctx.app, headers, JUNE);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().public_url).toMatch(
        /^\/storage\/reports\/.+\/tickets-2025-06-01-to-2025-06-30\.xlsx\?expires=\d+&signature=/,
      );
    });
  });

  describe('the period', () => {
    const today = () => createProviderClock('Asia/Dhaka').dayOf(new Date());
    const dayAfter = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

    it.each([
      ['no start', { end_date: JUNE.end_date }, 'start_date', 'Choose a start date'],
      ['no end', { start_date: JUNE.start_date }, 'end_date', 'Choose an end date'],
      ['a day without time and offset', { ...JUNE, start_date: '2025-06-01' }, 'start_date', undefined],
      [
        'an end before the start',
        { start_date: '2025-06-10T00:00:00+06:00', end_date: '2025-06-09T23:59:59+06:00' },
        'end_date',
        'The end date must not precede the start date',
      ],
      [
        'more than 400 days',
        { start_date: '2024-01-01T00:00:00+00:00', end_date: '2025-02-04T00:00:00+00:00' },
        'end_date',
        `A report covers at most ${REPORT_MAX_DAYS} days`,
      ],
      [
        'a number that is no number',
        { ...JUNE, user_phone_number: '12ab' },
        'user_phone_number',
        'Enter the number of the user: 096 or 01 followed by the remaining digits',
      ],
    ])('refuses %s with a message on the field', async (_case, body, field, message) => {
      const reply = await requestReport(ctx.app, cc, body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().code).toBe('validation');
      expect(Object.keys(reply.json().details)).toContain(field);
      if (message) expect(reply.json().details[field]).toBe(message);
    });

    it('refuses an end later than today, beyond a day of grace for time zones', async () => {
      const reply = await requestReport(ctx.app, cc, {
        start_date: `${today()}T00:00:00+06:00`,
        end_date: `${dayAfter(today(), 2)}T23:59:59+06:00`,
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details).toEqual({ end_date: 'The end date must not be later than today' });
    });

    it('refuses in Bangla when asked, the limit in Latin digits', async () => {
      const bangla = { ...cc, 'accept-language': 'bn' };
      const future = await requestReport(ctx.app, bangla, {
        start_date: `${today()}T00:00:00+06:00`,
        end_date: `${dayAfter(today(), 2)}T23:59:59+06:00`,
      });
      expect(future.json().details).toEqual({ end_date: 'শেষের তারিখ আজকের পরে হতে পারবে না' });
      const tooLong = await requestReport(ctx.app, bangla, {
        start_date: '2025-01-01T00:00:00+06:00',
        end_date: '2026-06-30T23:59:59+06:00',
      });
      expect(tooLong.json().details).toEqual({ end_date: `একটি রিপোর্টে সর্বোচ্চ ${REPORT_MAX_DAYS} দিনের টিকিট থাকতে পারে` });
    });

    it("accepts today in the provider's offset and the spec's +00:00 form", async () => {
      for (const offset of ['+06:00', '+00:00']) {
        const start = dayAfter(today(), -399);
        const reply = await requestReport(ctx.app, cc, {
          start_date: `${start}T00:00:00${offset}`,
          end_date: `${today()}T23:59:59${offset}`,
        });
        expect(reply.statusCode, reply.body).toBe(200);
      }
    });
  });

  describe('filters', () => {
    const ids: Record<string, number> = {};
    let groups: Awaited<ReturnType<typeof buildGroup>>[] = [];
    let issuer: Awaited<ReturnType<typeof signedInAs>>['user'];

    beforeAll(async () => {
      groups = [await buildGroup(ctx.db, { subgroups: ['Slow', 'Down'] }), await buildGroup(ctx.db)];
      const [first, second] = groups;
      if (!first || !second) throw new Error('no groups');
      issuer = (await signedInAs(ctx.app, ctx.db, { userType: 'customer' })).user;
      const other = (await signedInAs(ctx.app, ctx.db, { userType: 'agent' })).user;
      const at = (day: string) => new Date(`${day}T10:00:00+06:00`);
      const group = (g: typeof first, sub: number | null) => ({
        groupId: g.group.id,
        groupName: g.group.groupName,
        subGroupId: sub === null ? null : (g.subgroups[sub]?.id ?? null),
      });
      ids.slow = (await insertTicket(ctx.db, issuer, { createdAt: at('2025-06-03'), ...group(first, 0) })).ticketId;
      ids.down = (await insertTicket(ctx.db, other, { createdAt: at('2025-06-04'), ...group(first, 1) })).ticketId;
      ids.second = (await insertTicket(ctx.db, issuer, { createdAt: at('2025-06-05'), ...group(second, null) })).ticketId;
      ids.may = (await insertTicket(ctx.db, issuer, { createdAt: at('2025-05-20'), ...group(first, 0) })).ticketId;
    });

    it('narrows to a group', async () => {
      expect(await idsIn(await reportLink(ctx.app, cc, { ...JUNE, group_id: groups[0]?.group.id }))).toEqual([
        ids.slow,
        ids.down,
      ]);
    });

    it('narrows to a subgroup', async () => {
      const body = { ...JUNE, group_id: groups[0]?.group.id, sub_group_id: groups[0]?.subgroups[1]?.id };
      expect(await idsIn(await reportLink(ctx.app, cc, body))).toEqual([ids.down]);
    });

    it('narrows to the tickets a user issued, by product number or phone number, in any written form', async () => {
      const product = issuer.productNumber;
      const phone = issuer.phoneNumber ?? '';
      for (const number of [product, `+${product}`, product.slice(2), phone]) {
        expect(await idsIn(await reportLink(ctx.app, cc, { ...JUNE, user_phone_number: number }))).toEqual([
          ids.slow,
          ids.second,
        ]);
      }
    });

    it('gives an empty sheet for a number nobody has', async () => {
      expect(await idsIn(await reportLink(ctx.app, cc, { ...JUNE, user_phone_number: '8801999999999' }))).toEqual([]);
    });
  });

  describe('the link', () => {
    let link = '';
    beforeAll(async () => {
      link = await reportLink(ctx.app, cc, JUNE);
    });

    it('downloads the workbook as an attachment that no cache keeps', async () => {
      const reply = await ctx.app.inject({ method: 'GET', url: link });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(reply.headers['content-disposition']).toBe('attachment; filename="tickets-2025-06-01-to-2025-06-30.xlsx"');
      expect(reply.headers['cache-control']).toBe('private, no-store');
    });

    it('refuses the file without the signature, or with a tampered one', async () => {
      const url = new URL(link, 'http://x');
      const tampered = (change: (params: URLSearchParams) => void) => {
        const params = new URLSearchParams(url.search);
        change(params);
        return `${url.pathname}?${params.toString()}`;
      };
      const attempts = [
        url.pathname,
        // The first character: all its bits count (the last one's lowest bits are padding), and it always changes.
        tampered((p) => {
          const signature = p.get('signature') ?? '';
          p.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
        }),
        tampered((p) => p.set('expires', String(Number(p.get('expires')) + 3600))),
        tampered((p) => p.delete('expires')),
        `${url.pathname.replace('.xlsx', '-copy.xlsx')}${url.search}`,
      ];
      for (const attempt of attempts) {
        const reply = await ctx.app.inject({ method: 'GET', url: attempt });
        expect(reply.statusCode, attempt).toBe(403);
        expect(reply.json().message).toBe('This link is not valid.');
      }
    });

    it('stops working when it expires', async () => {
      const expired = signedLinkOf(
        { secret: ctx.config.storageSecret, publicUrl: undefined },
        keyOf(link),
        new Date(Date.now() - 1000),
      );
      const reply = await ctx.app.inject({ method: 'GET', url: expired });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().message).toBe('This link has expired. Please generate the report again.');
    });

    it('of a report generated more than an hour ago has expired, for the download and the viewer', async () => {
      const service = {
        db: ctx.db,
        storage: storageDriverFor(ctx.config),
        timezone: ctx.config.timezone,
        brandName: ctx.config.brandName,
        links: { secret: ctx.config.storageSecret, publicUrl: undefined },
      };
      const { public_url } = await generateReport(
        service,
        { id: randomUUID(), user_type: 'cc' },
        { ...JUNE },
        '192.0.2.1',
        new Date(Date.now() - 61 * 60_000),
      );
      expect((await ctx.app.inject({ method: 'GET', url: public_url })).statusCode).toBe(403);
      const preview = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/tickets/report/preview',
        headers: cc,
        query: { public_url },
      });
      expect(preview.statusCode).toBe(403);
    });

    it('opens in the viewer: every sheet with its header and rows as text', async () => {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/tickets/report/preview',
        headers: cc,
        query: { public_url: link },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const preview = reply.json<ReportPreviewReply>();
      expect(preview.file_name).toBe('tickets-2025-06-01-to-2025-06-30.xlsx');
      expect(Date.parse(preview.expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);
      expect(preview.sheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Tickets']);
      expect(preview.sheets[1]?.columns.map((column) => column.header)).toContain('Forward Path');
      expect(preview.sheets[0]?.rows).toContainEqual(['Report', 'Period', '2025-06-01 to 2025-06-30']);
    });

    it('is not shown in the viewer to other staff, nor for a link that is not a report', async () => {
      const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'iptsp' });
      const query = { public_url: link };
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/tickets/report/preview', headers, query })).statusCode).toBe(
        403,
      );
      const foreign = { public_url: 'https://evil.example/storage/attachments/2025/06/x.png' };
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/tickets/report/preview', headers: cc, query: foreign })).statusCode,
      ).toBe(400);
    });
  });

  it('answers 503 and keeps nothing when the store cannot take the file', async () => {
    if (ctx.config.storage.driver !== 'local') return;
    // A file where the reports folder belongs: the store cannot create it.
    const folder = path.join(ctx.config.storage.dir, 'reports');
    await rm(folder, { recursive: true, force: true });
    await mkdir(ctx.config.storage.dir, { recursive: true });
    await writeFile(folder, 'not a folder');
    try {
      for (const period of [JUNE, { start_date: '2020-01-01T00:00:00+06:00', end_date: '2020-01-02T00:00:00+06:00' }]) {
        const reply = await requestReport(ctx.app, cc, period);
        expect(reply.statusCode, reply.body).toBe(503);
        expect(reply.json().code).toBe('unavailable');
      }
      const incoming = path.join(ctx.config.storage.dir, '.incoming');
      expect(await readdir(incoming).catch(() => [])).toEqual([]);
    } finally {
      await rm(folder, { force: true });
    }
  });
});
