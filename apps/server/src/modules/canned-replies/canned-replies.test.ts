import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CANNED_REPLY_TITLE_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  type CannedReply,
  type CannedReplyInput,
  type CannedReplyListReply,
  type Role,
  type UserType,
} from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, cannedReplies } from '../../db/schema.ts';

type Headers = Record<string, string>;

function cannedCalls(app: FastifyInstance) {
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    list: (headers: Headers, query = '') => inject('GET', `/canned-replies${query}`, headers),
    create: (headers: Headers, body: Partial<CannedReplyInput> | Record<string, unknown>) =>
      inject('POST', '/canned-replies', headers, body),
    change: (headers: Headers, id: string, body: Partial<CannedReplyInput> | Record<string, unknown>) =>
      inject('PUT', `/canned-replies/${id}`, headers, body),
    remove: (headers: Headers, id: string) => inject('DELETE', `/canned-replies/${id}`, headers),
  };
}

async function auditOf(db: Db, id: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `canned_reply:${id}`), like(auditLog.action, 'canned_reply.%')))
    .orderBy(asc(auditLog.at));
  return rows.map((row) => ({ action: row.action, actor: row.actorUserId, details: row.details }));
}

describeWithApp('canned replies', (ctx) => {
  const calls = () => cannedCalls(ctx.app);
  const person = (userType: UserType, role: Role = 'support') => signedInAs(ctx.app, ctx.db, { userType, role });
  let sequence = 0;
  const unique = (base: string) => `${base} ${Date.now().toString(36)}-${++sequence}`;
  const draft = (fields: Partial<CannedReplyInput> = {}): CannedReplyInput => ({
    title: unique('Slow internet'),
    body_en: 'Dear {customer_name}, ticket #{ticket_id} about {number} is being checked.',
    body_bn: 'প্রিয় {customer_name}, টিকিট #{ticket_id} দেখা হচ্ছে।',
    department: 'rs',
    ...fields,
  });
  const created = async (headers: Headers, fields: Partial<CannedReplyInput> = {}): Promise<CannedReply> => {
    const reply = await calls().create(headers, draft(fields));
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ data: CannedReply }>().data;
  };
  const titlesFor = async (headers: Headers, query: string) => {
    const reply = await calls().list(headers, query);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<CannedReplyListReply>().data.map((item) => item.title);
  };

  describe('who may', () => {
    it('needs a signed-in user on every endpoint', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      for (const reply of [
        await calls().list({}),
        await calls().create({}, draft()),
        await calls().change({}, id, draft()),
        await calls().remove({}, id),
      ])
        expect(reply.statusCode).toBe(401);
    });

    it.each(['customer', 'agent'] as const)('refuses a %s every endpoint, even as an admin', async (userType) => {
      const caller = await person(userType, 'admin');
      const admin = await person('cc', 'admin');
      const shared = await created(admin.headers, { department: null });
      for (const reply of [
        await calls().list(caller.headers),
        await calls().create(caller.headers, draft({ department: null })),
        await calls().change(caller.headers, shared.id, draft({ department: null })),
        await calls().remove(caller.headers, shared.id),
      ]) {
        expect(reply.statusCode).toBe(403);
        expect(reply.json()).toEqual({ message: 'Canned replies are for staff only.', code: 'forbidden' });
      }
      expect(await titlesFor(admin.headers, `?q=${encodeURIComponent(shared.title)}`)).toEqual([shared.title]);
    });

    it("lets staff read their department's and the shared replies, and admins all of them", async () => {
      const admin = await person('iptsp', 'admin');
      const rs = await person('rs');
      const oss = await person('oss_bss');
      const tag = unique('Visibility');
      const own = await created(rs.headers, { title: `${tag} rs`, department: 'rs' });
      const other = await created(oss.headers, { title: `${tag} oss`, department: 'oss-bss' });
      const shared = await created(admin.headers, { title: `${tag} shared`, department: null });
      const query = `?q=${encodeURIComponent(tag)}`;
      expect(await titlesFor(rs.headers, query)).toEqual([own.title, shared.title]);
      expect(await titlesFor(oss.headers, query)).toEqual([other.title, shared.title]);
      expect(await titlesFor(admin.headers, query)).toEqual([other.title, own.title, shared.title]);
    });

    it("lets staff write their own department's replies only", async () => {
      const rs = await person('rs');
      const iptsp = await person('iptsp');
      const reply = await created(rs.headers, { department: 'rs' });

      const elsewhere = await calls().create(rs.headers, draft({ department: 'iptsp' }));
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json()).toEqual({
        message: 'You can only manage the canned replies of your own department.',
        code: 'forbidden',
      });

      // A reply of another department is not even visible: like an unknown one.
      expect((await calls().change(iptsp.headers, reply.id, draft({ department: 'iptsp' }))).statusCode).toBe(404);
      expect((await calls().remove(iptsp.headers, reply.id)).statusCode).toBe(404);

      // Nor may its own department hand it to another one.
      const moved = await calls().change(rs.headers, reply.id, draft({ department: 'cc' }));
      expect(moved.statusCode).toBe(403);
      const [stored] = await ctx.db.select().from(cannedReplies).where(eq(cannedReplies.id, reply.id));
      expect(stored?.department).toBe('rs');
    });

    it('keeps shared replies to admins: staff read them and may not create, change or delete them', async () => {
      const admin = await person('oss_bss', 'admin');
      const cc = await person('cc', 'moderator');
      const shared = await created(admin.headers, { department: null });
      const refusal = { message: 'Only admins can write canned replies shared by every department.', code: 'forbidden' };
      for (const reply of [
        await calls().create(cc.headers, draft({ department: null })),
        await calls().change(cc.headers, shared.id, draft({ department: 'cc' })),
        await calls().remove(cc.headers, shared.id),
      ]) {
        expect(reply.statusCode).toBe(403);
        expect(reply.json()).toEqual(refusal);
      }
      const listed = (await calls().list(cc.headers, `?q=${encodeURIComponent(shared.title)}`)).json<CannedReplyListReply>();
      expect(listed.data.map((item) => [item.title, item.can_manage])).toEqual([[shared.title, false]]);
    });

    it("lets admins write every department's and the shared replies", async () => {
      const admin = await person('cc', 'admin');
      const rs = await person('rs');
      const theirs = await created(rs.headers, { department: 'rs' });
      const changed = await calls().change(admin.headers, theirs.id, draft({ title: 'Moved by an admin', department: null }));
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<{ data: CannedReply }>().data).toMatchObject({
        title: 'Moved by an admin',
        department: null,
        can_manage: true,
      });
      expect((await calls().remove(admin.headers, theirs.id)).statusCode).toBe(200);
      expect(await ctx.db.select().from(cannedReplies).where(eq(cannedReplies.id, theirs.id))).toEqual([]);
    });
  });

  describe('writing', () => {
    it('creates, changes and deletes a reply, with an audit row for each', async () => {
      const rs = await person('rs');
      const reply = await created(rs.headers, { title: '  Router restart  ', body_bn: '' });
      expect(reply).toMatchObject({ title: 'Router restart', body_bn: '', department: 'rs', can_manage: true });
      expect(reply.created_by_name).toBe(rs.user.name);

      const changed = await calls().change(
        rs.headers,
        reply.id,
        draft({ title: 'Router restart, step by step', body_en: 'Line 1\r\nLine 2' }),
      );
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<{ data: CannedReply }>().data).toMatchObject({
        title: 'Router restart, step by step',
        body_en: 'Line 1\nLine 2',
      });

      expect((await calls().remove(rs.headers, reply.id)).statusCode).toBe(200);
      expect((await calls().remove(rs.headers, reply.id)).statusCode).toBe(404);
      expect(await auditOf(ctx.db, reply.id)).toEqual([
        { action: 'canned_reply.create', actor: rs.user.id, details: { title: 'Router restart', department: 'rs' } },
        {
          action: 'canned_reply.update',
          actor: rs.user.id,
          details: { title: 'Router restart, step by step', department: 'rs' },
        },
        {
          action: 'canned_reply.delete',
          actor: rs.user.id,
          details: { title: 'Router restart, step by step', department: 'rs' },
        },
      ]);
    });

    it('refuses a blank or too long title and a body longer than a comment', async () => {
      const rs = await person('rs');
      for (const [body, message] of [
        [draft({ title: '   ' }), 'Title is required'],
        [
          draft({ title: 'x'.repeat(CANNED_REPLY_TITLE_MAX_LENGTH + 1) }),
          `Title has at most ${CANNED_REPLY_TITLE_MAX_LENGTH} characters`,
        ],
        [draft({ body_en: ' ' }), 'The English text is required'],
        [draft({ body_en: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }), `The English text has at most ${COMMENT_MAX_LENGTH} characters`],
        [draft({ body_bn: 'ক'.repeat(COMMENT_MAX_LENGTH + 1) }), `The Bangla text has at most ${COMMENT_MAX_LENGTH} characters`],
      ] as const) {
        const reply = await calls().create(rs.headers, body);
        expect(reply.statusCode).toBe(400);
        expect(reply.json<{ message: string }>().message).toContain(message);
      }
      expect((await calls().create(rs.headers, draft({ title: 'x'.repeat(CANNED_REPLY_TITLE_MAX_LENGTH) }))).statusCode).toBe(
        201,
      );
    });

    it('answers 404 for an unknown reply', async () => {
      const admin = await person('cc', 'admin');
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await calls().change(admin.headers, unknown, draft())).statusCode).toBe(404);
      expect((await calls().remove(admin.headers, unknown)).statusCode).toBe(404);
    });
  });

  describe('the list', () => {
    it('searches titles and both bodies, case-insensitively and literally, by title, 10 per page', async () => {
      const admin = await person('cc', 'admin');
      const tag = unique('Paging');
      for (let i = 12; i >= 1; i--)
        await created(admin.headers, { title: `${tag} ${String(i).padStart(2, '0')}`, department: 'cc' });
      const first = (
        await calls().list(admin.headers, `?q=${encodeURIComponent(tag.toUpperCase())}`)
      ).json<CannedReplyListReply>();
      expect(first).toMatchObject({ total: 12, total_pages: 2, previous_page: null, next_page: 2 });
      expect(first.data.map((item) => item.title.slice(-2))).toEqual([
        '01',
        '02',
        '03',
        '04',
        '05',
        '06',
        '07',
        '08',
        '09',
        '10',
      ]);
      const second = (await calls().list(admin.headers, `?q=${encodeURIComponent(tag)}&page=2`)).json<CannedReplyListReply>();
      expect(second.data.map((item) => item.title.slice(-2))).toEqual(['11', '12']);

      const word = unique('ঝড়বৃষ্টি');
      const bangla = await created(admin.headers, { body_bn: `আজ ${word} হয়েছে`, department: 'cc' });
      expect(await titlesFor(admin.headers, `?q=${encodeURIComponent(word)}`)).toEqual([bangla.title]);
      // % and _ are letters to search for, not wildcards.
      expect(await titlesFor(admin.headers, `?q=${encodeURIComponent(`${tag}%`)}`)).toEqual([]);
      expect((await calls().list(admin.headers, `?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    });
  });
});
