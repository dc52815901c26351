import { beforeAll, expect, it } from 'vitest';
import type { Article, ArticleInput } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';

describeWithApp('help pages written by the server', (ctx) => {
  const marker = `hp${Date.now().toString(36)}`;
  let sequence = 0;
  let staff: Record<string, string>;
  const create = async (fields: Partial<ArticleInput> = {}): Promise<Article> => {
    const body: ArticleInput = {
      slug: `fibre-cut-${marker}-${++sequence}`,
      title_en: `Fibre cut ${marker} <b>now</b>`,
      title_bn: `ফাইবার কাটা ${marker}`,
      body_en: 'When **LOS** is red the fibre is cut.\n\n<script>alert(1)</script> [x](javascript:alert(1))',
      body_bn: '**LOS** বাতি লাল হলে ফাইবার কাটা।',
      visibility: 'public',
      sub_group_id: null,
      published: true,
      ...fields,
    };
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/v1/articles', headers: staff, payload: body });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ data: Article }>().data;
  };
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  let published: Article;
  let internal: Article;
  let unpublished: Article;
  beforeAll(async () => {
    staff = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
    published = await create();
    internal = await create({ visibility: 'internal', title_en: `Internal steps ${marker}` });
    unpublished = await create({ published: false, title_en: `Draft steps ${marker}` });
  });

  it('writes a published article as a whole page without script, under the strict CSP', async () => {
    const reply = await get(`/help/${published.slug}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(String(reply.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(reply.headers['cache-control']).toBe('no-cache');
    const html = reply.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<h1>Fibre cut ${marker} &lt;b&gt;now&lt;/b&gt;</h1>`);
    expect(html).toContain('<strong>LOS</strong>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('href="/create-ticket"');
    expect(html).toContain('href="/help?lang=en"');
    expect(html).toContain(`href="/help/${published.slug}?lang=bn"`);
  });

  it('reads in Bangla by ?lang=bn or by Accept-Language, ?lang= first', async () => {
    for (const reply of [
      await get(`/help/${published.slug}?lang=bn`),
      await get(`/help/${published.slug}`, { 'accept-language': 'bn-BD,bn;q=0.9' }),
    ]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('<html lang="bn">');
      expect(reply.body).toContain(`<h1>ফাইবার কাটা ${marker}</h1>`);
      expect(reply.body).toContain('সব সহায়িকা নিবন্ধ');
    }
    const english = await get(`/help/${published.slug}?lang=en`, { 'accept-language': 'bn' });
    expect(english.body).toContain('<html lang="en">');
  });

  it('answers an internal, an unpublished or an unknown article with a 404 page, to staff too', async () => {
    for (const slug of [internal.slug, unpublished.slug, `no-such-${marker}`]) {
      for (const headers of [{}, staff]) {
        const reply = await get(`/help/${slug}`, headers);
        expect(reply.statusCode, slug).toBe(404);
        expect(reply.headers['content-type']).toMatch(/^text\/html/);
        expect(reply.body).toContain('There is no such article.');
        expect(reply.body).not.toContain('Internal steps');
        expect(reply.body).not.toContain('Draft steps');
      }
    }
  });

  it('refuses slugs that try to leave /help with a 404 page, never a file', async () => {
    for (const path of [
      '/help/..%2f..%2fetc%2fpasswd',
      '/help/..%2f..%2fetc',
      '/help/..%2fpackage.json',
      '/help/%2e%2e%2f%2e%2e%2fetc',

      '/help/ONE TWO',
    ]) {
      const reply = await get(path);
      expect(reply.statusCode, path).toBe(404);
      expect(reply.body, path).toContain('There is no such article.');
      expect(reply.body, path).not.toContain('root:');
    }
    // A NUL byte is refused before any route (plugins/input-guard.ts).
    expect((await get('/help/a%00b')).statusCode).toBe(400);
  });

  it('lists and searches public published articles in both languages, part of a word', async () => {
    const listed = await get(`/help?q=${encodeURIComponent(marker.slice(0, 6))}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(`href="/help/${published.slug}?lang=en"`);
    expect(listed.body).not.toContain(internal.slug);
    expect(listed.body).not.toContain(unpublished.slug);
    expect(listed.body).not.toMatch(/<script/i);
    const bangla = await get(`/help?lang=bn&q=${encodeURIComponent('ফাইবার কাটা ' + marker)}`);
    expect(bangla.body).toContain(`<a href="/help/${published.slug}?lang=bn">ফাইবার কাটা ${marker}</a>`);
    const none = await get(`/help?q=nothing-like-${marker}`);
    expect(none.body).toContain('No article matches.');
  });

  it('refuses a search that is too long or a page that is not a number with a 400 page', async () => {
    for (const query of [`q=${'x'.repeat(101)}`, 'page=abc', 'page=0']) {
      const reply = await get(`/help?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.body).toContain('role="alert"');
    }
  });
});
