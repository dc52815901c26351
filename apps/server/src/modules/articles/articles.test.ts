import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  ARTICLE_BODY_MAX_LENGTH,
  type Article,
  type ArticleInput,
  type ArticleListReply,
  type UserType,
} from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import type { Db } from '../../db/client.ts';
import { articleHelps, auditLog, groups, subgroups } from '../../db/schema.ts';

type Headers = Record<string, string>;
const NOBODY: Headers = {};

async function auditOf(db: Db, id: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `article:${id}`), like(auditLog.action, 'article.%')))
    .orderBy(asc(auditLog.at));
  return rows.map((row) => row.action);
}

describeWithApp('help articles', (ctx) => {
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object | string) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(payload === undefined ? {} : { payload }),
    });
  const person = async (userType: UserType) => (await signedInAs(ctx.app, ctx.db, { userType })).headers;
  let sequence = 0;
  // A word made for this run, so that other suites' articles on the same database never match.
  const marker = `zq${Date.now().toString(36)}`;
  const slugOf = (base: string) => `${base}-${marker}-${++sequence}`;
  const draft = (fields: Partial<ArticleInput> = {}): ArticleInput => ({
    slug: slugOf('restart-onu'),
    title_en: `Restart your ONU ${marker}`,
    title_bn: `আপনার ওএনইউ রিস্টার্ট করুন ${marker}`,
    body_en: 'Unplug the **ONU**, wait ten seconds, plug it back in.',
    body_bn: 'ওএনইউ-এর প্লাগ খুলুন, দশ সেকেন্ড অপেক্ষা করুন, আবার লাগান।',
    visibility: 'public',
    sub_group_id: null,
    published: true,
    ...fields,
  });
  let staff: Headers;
  let customer: Headers;
  let agent: Headers;
  const create = async (fields: Partial<ArticleInput> = {}): Promise<Article> => {
    const reply = await inject('POST', '/articles', staff, draft(fields));
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ data: Article }>().data;
  };
  const slugsFound = async (headers: Headers, q: string) => {
    const reply = await inject('GET', `/articles?q=${encodeURIComponent(q)}`, headers);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<ArticleListReply>().data.map((article) => article.slug);
  };

  let published: Article;
  let internal: Article;
  let unpublished: Article;

  beforeAll(async () => {
    staff = await person('cc');
    customer = await person('customer');
    agent = await person('agent');
    published = await create();
    internal = await create({
      slug: slugOf('internal-note'),
      visibility: 'internal',
      title_en: `Internal fibre steps ${marker}`,
    });
    unpublished = await create({ slug: slugOf('draft'), published: false, title_en: `Slow Wi-Fi draft ${marker}` });
  });

  it('lets visitors, customers and agents find published public articles only, in list and search', async () => {
    for (const headers of [NOBODY, customer, agent]) {
      expect(await slugsFound(headers, marker)).toEqual([published.slug]);
    }
    expect((await slugsFound(staff, marker)).sort()).toEqual([published.slug, internal.slug, unpublished.slug].sort());
    // Without a search: every page lists public published ones only, newest change first.
    const all = await inject('GET', '/articles?page=1', NOBODY);
    expect(all.statusCode, all.body).toBe(200);
    const listed = all.json<ArticleListReply>().data;
    expect(listed.every((article) => article.visibility === 'public' && article.published)).toBe(true);
    expect(listed[0]?.slug).toBe(published.slug);
  });

  it('answers a draft or an internal article by slug with 404 for everybody but staff', async () => {
    for (const headers of [NOBODY, customer, agent]) {
      expect((await inject('GET', `/articles/${published.slug}`, headers)).statusCode).toBe(200);
      for (const hidden of [internal, unpublished]) {
        const reply = await inject('GET', `/articles/${hidden.slug}`, headers);
        expect(reply.statusCode).toBe(404);
        expect(reply.body).toBe((await inject('GET', `/articles/missing-${marker}`, headers)).body);
      }
    }
    for (const hidden of [internal, unpublished]) {
      expect((await inject('GET', `/articles/${hidden.slug}`, staff)).statusCode).toBe(200);
    }
  });

  it('searches parts of words in Bangla and English', async () => {
    expect(await slugsFound(NOBODY, `ONU ${marker}`)).toEqual([published.slug]);
    expect(await slugsFound(NOBODY, `tart your`)).toContain(published.slug);
    expect(await slugsFound(NOBODY, 'রিস্টার্ট')).toContain(published.slug);
    expect(await slugsFound(NOBODY, 'সেকেন্ড অপে')).toContain(published.slug);
    expect(await slugsFound(NOBODY, 'fibre steps')).not.toContain(internal.slug);
  });

  it('searches without regard to case, takes % and _ as themselves, and lists title matches first', async () => {
    expect(await slugsFound(NOBODY, `WAIT TEN sec`)).toContain(published.slug);
    expect(await slugsFound(NOBODY, `restart YOUR onu ${marker.toUpperCase()}`)).toEqual([published.slug]);
    expect(await slugsFound(NOBODY, `${marker}%`)).toEqual([]);
    expect(await slugsFound(NOBODY, `${marker.slice(0, 3)}_`)).toEqual([]);
    const inBody = await create({
      slug: slugOf('body-only'),
      title_en: 'Lights on the box',
      title_bn: 'বাক্সের আলো',
      body_en: `Restart your ONU ${marker} when the light is red.`,
    });
    expect(await slugsFound(NOBODY, `ONU ${marker}`)).toEqual([published.slug, inBody.slug]);
  });

  it('finds every word of the text in any order, whatever punctuation clings to them', async () => {
    expect((await slugsFound(NOBODY, `${marker} onu, restart!`))[0]).toBe(published.slug);
    expect((await slugsFound(NOBODY, `(plug) "seconds" ${marker}`))[0]).toBe(published.slug);
    expect(await slugsFound(NOBODY, `প্লাগ। ${marker}`)).toContain(published.slug);
    expect(await slugsFound(NOBODY, `${marker} nowhere-${marker}`)).toEqual([]);
    expect(await slugsFound(NOBODY, '!!! ...')).toEqual([]);
  });

  it('lists an article once when a word is part of several of its words, first when one is in its title', async () => {
    const word = `${marker}lamp`;
    const older = await create({ slug: slugOf('lamps-title'), title_en: `${word}s on the box`, body_en: 'Nothing else.' });
    const newer = await create({
      slug: slugOf('lamp-body'),
      title_en: 'Lights',
      body_en: `The ${word}shade and the ${word}post and the ${word}s.`,
    });
    expect(await slugsFound(NOBODY, word)).toEqual([older.slug, newer.slug]);
    const reply = await inject('GET', `/articles?q=${word}`, NOBODY);
    expect(reply.json<ArticleListReply>().total).toBe(2);
  });

  it('searches what an article says now: an edit, a publication and a deletion change what is found', async () => {
    const article = await create({ slug: slugOf('edited'), title_en: `Blinking LOS ${marker}`, published: false });
    expect(await slugsFound(NOBODY, `blinking ${marker}`)).toEqual([]);
    const edit = (fields: Partial<ArticleInput>) =>
      inject('PUT', `/articles/${article.id}`, staff, draft({ slug: article.slug, ...fields }));
    expect((await edit({ title_en: `Steady LOS ${marker}`, published: true })).statusCode).toBe(200);
    expect(await slugsFound(NOBODY, `blinking ${marker}`)).toEqual([]);
    expect(await slugsFound(NOBODY, `steady ${marker}`)).toEqual([article.slug]);
    expect((await edit({ title_en: `Steady LOS ${marker}`, visibility: 'internal' })).statusCode).toBe(200);
    expect(await slugsFound(NOBODY, `steady ${marker}`)).toEqual([]);
    expect(await slugsFound(staff, `steady ${marker}`)).toEqual([article.slug]);
    expect((await inject('DELETE', `/articles/${article.id}`, staff)).statusCode).toBe(200);
    expect(await slugsFound(staff, `steady ${marker}`)).toEqual([]);
  });

  it('saves and finds a word longer than a term keeps, and counts the matches past the last page', async () => {
    const long = `${marker}${'x'.repeat(300)}`;
    const article = await create({ slug: slugOf('long-word'), body_en: `A ${long} word.` });
    expect(await slugsFound(NOBODY, long.slice(0, 40))).toEqual([article.slug]);
    const beyond = await inject('GET', `/articles?q=${marker}&page=50`, staff);
    expect(beyond.statusCode, beyond.body).toBe(200);
    const page = beyond.json<ArticleListReply>();
    expect(page.data).toEqual([]);
    expect(page.total).toBe((await slugsFound(staff, marker)).length);
  });

  it('refuses writes by customers, agents (403) and visitors (401)', async () => {
    for (const headers of [customer, agent]) {
      expect((await inject('POST', '/articles', headers, draft())).statusCode).toBe(403);
      expect((await inject('PUT', `/articles/${published.id}`, headers, draft())).statusCode).toBe(403);
      expect((await inject('DELETE', `/articles/${published.id}`, headers)).statusCode).toBe(403);
      expect((await inject('POST', '/articles/preview', headers, { markdown: 'x' })).statusCode).toBe(403);
    }
    expect((await inject('POST', '/articles', NOBODY, draft())).statusCode).toBe(401);
  });

  it('refuses a taken slug with 409 and slugs that could traverse with 400', async () => {
    const taken = await inject('POST', '/articles', staff, draft({ slug: published.slug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'conflict' });
    const moved = await inject('PUT', `/articles/${internal.id}`, staff, draft({ slug: published.slug }));
    expect(moved.statusCode).toBe(409);
    for (const slug of ['../etc', 'a/b/c', 'Upper-Case', 'ab', 'a--b', '-abc', 'x'.repeat(81), 'dot.dot']) {
      const reply = await inject('POST', '/articles', staff, draft({ slug }));
      expect(reply.statusCode, slug).toBe(400);
    }
    expect((await inject('GET', '/articles/..%2F..%2Fetc', NOBODY)).statusCode).toBe(400);
  });

  it('renders hostile Markdown as harmless text', async () => {
    const hostile = await create({
      slug: slugOf('hostile'),
      body_en:
        '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3)) [v](vbscript:msgbox) [d](data:text/html;base64,PHNjcmlwdD4=)\n\n[ok](https://example.com/help)',
    });
    const html = hostile.body_html_en;
    expect(html).not.toMatch(/<script|<img|href="javascript|href="vbscript|href="data/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('<a href="https://example.com/help" rel="noopener nofollow">ok</a>');
    const preview = await inject('POST', '/articles/preview', staff, { markdown: '<b onclick=x>hi</b> [x](javascript:void(0))' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<{ data: { html: string } }>().data.html).not.toMatch(/<b|href="javascript/);
  });

  it('refuses a body over 20,000 characters (400) and a 2 MB paste (413)', async () => {
    const long = await inject('POST', '/articles', staff, draft({ body_en: 'a'.repeat(ARTICLE_BODY_MAX_LENGTH + 1) }));
    expect(long.statusCode).toBe(400);
    const huge = JSON.stringify(draft({ body_en: 'a'.repeat(2 * 1024 * 1024) }));
    const paste = await inject('POST', '/articles', staff, huge);
    expect(paste.statusCode).toBe(413);
    expect(paste.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('audits create, update and delete', async () => {
    const article = await create({ slug: slugOf('audited') });
    const changed = await inject('PUT', `/articles/${article.id}`, staff, draft({ slug: article.slug, published: false }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: Article }>().data.published).toBe(false);
    expect((await inject('DELETE', `/articles/${article.id}`, staff)).statusCode).toBe(200);
    expect((await inject('GET', `/articles/${article.slug}`, staff)).statusCode).toBe(404);
    expect(await auditOf(ctx.db, article.id)).toEqual(['article.create', 'article.update', 'article.delete']);
  });

  it('counts a report avoided for a public published article only, and adds it to the dashboard', async () => {
    const before = (await inject('GET', '/dashboard', staff)).json<{ data: { reports_avoided_articles: number } }>().data;
    expect((await inject('POST', `/articles/${published.id}/helped`, NOBODY)).statusCode).toBe(200);
    expect((await inject('POST', `/articles/${internal.id}/helped`, NOBODY)).statusCode).toBe(404);
    expect((await inject('POST', `/articles/${unpublished.id}/helped`, NOBODY)).statusCode).toBe(404);
    const rows = await ctx.db.select().from(articleHelps).where(eq(articleHelps.articleId, published.id));
    expect(rows.map((row) => row.count)).toEqual([1]);
    const after = (await inject('GET', '/dashboard', staff)).json<{ data: { reports_avoided_articles: number } }>().data;
    expect(after.reports_avoided_articles).toBe(before.reports_avoided_articles + 1);
  });

  it('ties an article to a subgroup, lists by subgroup, and refuses a subgroup that does not exist', async () => {
    const [group] = await ctx.db
      .insert(groups)
      .values({ groupName: `Fibre ${marker}` })
      .returning();
    if (!group) throw new Error('no group inserted');
    const [subgroup] = await ctx.db
      .insert(subgroups)
      .values({ groupId: group.id, subGroupEn: 'LOS red', subGroupBn: 'LOS লাল' })
      .returning();
    if (!subgroup) throw new Error('no subgroup inserted');
    const tied = await create({ slug: slugOf('tied'), sub_group_id: subgroup.id });
    expect(tied.sub_group_id).toBe(subgroup.id);
    const listed = await inject('GET', `/articles?sub_group_id=${subgroup.id}`, NOBODY);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<ArticleListReply>().data.map((article) => article.slug)).toEqual([tied.slug]);
    const missing = await inject('POST', '/articles', staff, draft({ sub_group_id: '0d4f7c1e-5a43-4c7e-9a55-2f6c1b1d9a01' }));
    expect(missing.statusCode).toBe(400);
    expect((await inject('GET', '/articles?sub_group_id=not-a-uuid', NOBODY)).statusCode).toBe(400);
  });
});
