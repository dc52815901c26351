/**
 * /help and /help/{slug} (DESIGN.md §28): the public help pages, written by the server as whole
 * HTML pages without script (help-pages.ts), so that a phone reading an article downloads no app.
 * Read as a visitor whoever asks: a draft or an internal article is a 404 page like a missing one.
 * The language is `?lang=` (the pages' own links carry it), else the browser's `Accept-Language`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  ARTICLE_SEARCH_MAX_LENGTH,
  articleListQuerySchema,
  articleSlugParamsSchema,
  isLanguage,
  type Language,
} from '@switchboard/shared';
import { sayRef } from '../../lib/messages.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { articleReadLimit } from './article-limits.ts';
import { listArticles, readArticle } from './articles.service.ts';
import { helpArticlePage, helpListPage, helpNotFoundPage, type HelpPageContext } from './help-pages.ts';

type Query = Record<string, string | string[] | undefined>;

function languageOf(request: FastifyRequest): Language {
  const asked = (request.query as Query).lang;
  return typeof asked === 'string' && isLanguage(asked) ? asked : requestLanguage(request);
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  // Checked on each use: an article unpublished or made internal must not live on in a cache.
  return reply
    .code(status)
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Language')
    .type('text/html; charset=utf-8')
    .send(html);
}

const helpPagesRoutes: FastifyPluginAsync = async (app) => {
  const { config, db } = app.deps;
  const contextOf = (request: FastifyRequest): HelpPageContext => ({ language: languageOf(request), brand: config.brandName });
  const routeOptions = { config: { rateLimit: articleReadLimit() }, schema: { hide: true } };

  app.get('/help', routeOptions, async (request, reply) => {
    const context = contextOf(request);
    const query = request.query as Query;
    const parsed = articleListQuerySchema.safeParse({ q: query.q, page: query.page });
    if (!parsed.success) {
      const problem = sayRef(context.language, parsed.error.issues[0]?.message ?? '');
      const typed = typeof query.q === 'string' ? query.q.slice(0, ARTICLE_SEARCH_MAX_LENGTH) : '';
      return sendPage(reply, 400, helpListPage(context, { q: typed, page: 1, total: 0, rows: [], problem }));
    }
    const found = await listArticles(db, null, { q: parsed.data.q, page: parsed.data.page });
    const list = { q: parsed.data.q ?? '', page: parsed.data.page, total: found.total, rows: found.data };
    return sendPage(reply, 200, helpListPage(context, list));
  });

  app.get('/help/:slug', routeOptions, async (request, reply) => {
    const context = contextOf(request);
    const requestPath = request.url.split('?')[0] ?? '/help';
    const params = articleSlugParamsSchema.safeParse(request.params);
    if (!params.success) return sendPage(reply, 404, helpNotFoundPage(context, requestPath));
    try {
      const article = await readArticle(db, null, params.data.slug);
      return sendPage(reply, 200, helpArticlePage(context, article));
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found')
        return sendPage(reply, 404, helpNotFoundPage(context, requestPath));
      throw error;
    }
  });
};

export default helpPagesRoutes;
