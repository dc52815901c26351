import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  articleBodySchema,
  articleIdParamsSchema,
  articleListQuerySchema,
  articleListReplySchema,
  articlePreviewBodySchema,
  articlePreviewReplySchema,
  articleReplySchema,
  articleSlugParamsSchema,
  canWriteArticles,
  errorReplySchema,
  messageReplySchema,
} from '@switchboard/shared';
import { actorOf } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { ARTICLE_BODY_LIMIT, ARTICLE_PREVIEW_BODY_LIMIT, articleHelpLimit, articleReadLimit } from './article-limits.ts';
import {
  changeArticle,
  createArticle,
  deleteArticle,
  listArticles,
  noteArticleHelped,
  previewArticle,
  readArticle,
} from './articles.service.ts';

const refusals = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  413: errorReplySchema,
  429: errorReplySchema,
};
const tags = ['articles'];

/** The help articles anybody reads under /api/v1 (DESIGN.md §28): no login, a limit per address. */
const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.deps;

  /** A caller with a valid session is named by it (staff read drafts too); a failed one reads as a visitor. */
  async function nameCaller(request: FastifyRequest): Promise<void> {
    if (!request.headers.authorization) return;
    try {
      await app.authenticate(request);
    } catch {
      request.actor = null;
    }
  }

  app.get(
    '/articles',
    {
      onRequest: [nameCaller],
      config: { rateLimit: articleReadLimit() },
      schema: {
        tags,
        summary:
          'A page of help articles, 10 per page; q searches titles and bodies in both languages (no login: published public ones; staff: every one)',
        querystring: articleListQuerySchema,
        response: { 200: articleListReplySchema, ...refusals },
      },
    },
    async (request) => listArticles(db, request.actor, request.query),
  );

  app.get(
    '/articles/:slug',
    {
      onRequest: [nameCaller],
      config: { rateLimit: articleReadLimit() },
      schema: {
        tags,
        summary: 'One help article with its bodies rendered to safe HTML; one the caller may not read answers 404',
        params: articleSlugParamsSchema,
        response: { 200: articleReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await readArticle(db, request.actor, request.params.slug) }),
  );

  app.post(
    '/articles/:id/helped',
    {
      config: { rateLimit: articleHelpLimit() },
      schema: {
        tags,
        summary:
          'Counts a report avoided: sent once by the browser of a visitor who opened this article from the suggestions and left without submitting',
        params: articleIdParamsSchema,
        response: { 200: messageReplySchema, ...refusals },
      },
    },
    async (request) => {
      await noteArticleHelped(db, request.params.id, config.timezone);
      return { message: request.say('articles.counted') };
    },
  );
};

/** Writing help articles under /api/v1 (DESIGN.md §28): staff only, audited. */
export const articleManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const staffOnly = { onRequest: [app.requires(canWriteArticles, 'articles.staffOnly')] };

  app.post(
    '/articles',
    {
      ...staffOnly,
      bodyLimit: ARTICLE_BODY_LIMIT,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Writes a help article in both languages (staff; audited); a taken slug answers 409',
        body: articleBodySchema,
        response: { 201: articleReplySchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createArticle(db, actorOf(request), request.body) }),
  );

  app.post(
    '/articles/preview',
    {
      ...staffOnly,
      bodyLimit: ARTICLE_PREVIEW_BODY_LIMIT,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: "Renders one body's Markdown as readers will see it (staff; the editor's preview)",
        body: articlePreviewBodySchema,
        response: { 200: articlePreviewReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: previewArticle(actorOf(request), request.body.markdown) }),
  );

  app.put(
    '/articles/:id',
    {
      ...staffOnly,
      bodyLimit: ARTICLE_BODY_LIMIT,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Changes a help article (staff; audited); a taken slug answers 409',
        params: articleIdParamsSchema,
        body: articleBodySchema,
        response: { 200: articleReplySchema, ...refusals },
      },
    },
    async (request) => ({ data: await changeArticle(db, actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/articles/:id',
    {
      ...staffOnly,
      config: { rateLimit: writeLimit('other') },
      schema: {
        tags,
        summary: 'Deletes a help article (staff; audited)',
        params: articleIdParamsSchema,
        response: { 200: messageReplySchema, ...refusals },
      },
    },
    async (request) => {
      await deleteArticle(db, actorOf(request), request.params.id);
      return { message: request.say('articles.deleted') };
    },
  );
};

export default articlesRoutes;
