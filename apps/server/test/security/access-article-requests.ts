/** The access matrix's requests of help articles (DESIGN.md §28), one per row. */
import { randomUUID } from 'node:crypto';
import type { ArticleInput } from '@switchboard/shared';
import { insertArticle } from '../../src/modules/articles/articles.repository.ts';
import { call, type RequestOf, type World } from './access-world.ts';

const freshSlug = () => `matrix-${randomUUID()}`;

function draft(): ArticleInput {
  return {
    slug: freshSlug(),
    title_en: 'Restart your ONU',
    title_bn: 'আপনার ওএনইউ রিস্টার্ট করুন',
    body_en: 'Unplug it for ten seconds.',
    body_bn: 'দশ সেকেন্ড প্লাগ খুলে রাখুন।',
    visibility: 'public',
    sub_group_id: null,
    published: true,
  };
}

/** A fresh article, public and published unless told otherwise. */
async function stored(world: World, fields: { visibility?: 'public' | 'internal'; published?: boolean } = {}) {
  return insertArticle(world.db, {
    slug: freshSlug(),
    titleEn: 'Slow Wi-Fi',
    titleBn: 'ধীর ওয়াই-ফাই',
    bodyEn: 'Move closer to the router.',
    bodyBn: 'রাউটারের কাছে যান।',
    visibility: fields.visibility ?? 'public',
    published: fields.published ?? true,
  });
}

export const ARTICLE_REQUESTS: Record<string, RequestOf> = {
  'GET /api/v1/articles': async (caller) => call('GET', '/api/v1/articles?q=wifi&page=1')(caller),
  'GET /api/v1/articles/{slug}': async (caller, world) => call('GET', `/api/v1/articles/${(await stored(world)).slug}`)(caller),
  'GET /api/v1/articles/{slug} #an internal article': async (caller, world) =>
    call('GET', `/api/v1/articles/${(await stored(world, { visibility: 'internal' })).slug}`)(caller),
  'GET /api/v1/articles/{slug} #a draft': async (caller, world) =>
    call('GET', `/api/v1/articles/${(await stored(world, { published: false })).slug}`)(caller),
  'POST /api/v1/articles/{id}/helped': async (caller, world) =>
    call('POST', `/api/v1/articles/${(await stored(world)).id}/helped`)(caller),
  'POST /api/v1/articles': async (caller) => call('POST', '/api/v1/articles', draft())(caller),
  'POST /api/v1/articles/preview': async (caller) => call('POST', '/api/v1/articles/preview', { markdown: '# Hello' })(caller),
  'PUT /api/v1/articles/{id}': async (caller, world) => {
    const article = await stored(world);
    return call('PUT', `/api/v1/articles/${article.id}`, { ...draft(), slug: article.slug })(caller);
  },
  'DELETE /api/v1/articles/{id}': async (caller, world) => call('DELETE', `/api/v1/articles/${(await stored(world)).id}`)(caller),
};
