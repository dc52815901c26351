/**
 * Help articles (DESIGN.md §28). Staff write them and read every one; everybody else reads
 * published public ones, and an article they may not read answers 404 like a missing one. Every
 * write checks the rule, writes and audits in one transaction.
 */
import {
  AppError,
  canReadAllArticles,
  canReadArticle,
  canWriteArticles,
  PAGE_SIZE,
  type Article,
  type ArticleBody,
  type ArticleListQuery,
  type ArticleListReply,
  type ArticleSummary,
  type AuditAction,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { pageLinks } from '../../lib/pages.ts';
import type { Actor } from '../../plugins/auth.ts';
import { insertAuditEntry } from '../audit/audit.repository.ts';
import { renderArticleMarkdown } from './article-markdown.ts';
import {
  countArticleHelp,
  deleteArticleRow,
  findArticleById,
  findArticleBySlug,
  insertArticle,
  listArticlePage,
  lockArticle,
  updateArticle,
  type ArticleFields,
  type ArticleRow,
  type ArticleView,
} from './articles.repository.ts';

/** A reader: a signed-in person, or null for a visitor. */
type Reader = Pick<Actor, 'user_type'> | null;

function assertCanWrite(actor: Actor): void {
  if (!canWriteArticles(actor)) throw new AppError('forbidden', 'articles.staffOnly');
}

function summaryOf(row: ArticleRow): ArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title_en: row.titleEn,
    title_bn: row.titleBn,
    visibility: row.visibility,
    sub_group_id: row.subGroupId,
    published: row.published,
    updated_at: row.updatedAt.toISOString(),
  };
}

function present(reader: Reader, view: ArticleView): Article {
  return {
    ...summaryOf(view),
    body_en: view.bodyEn,
    body_bn: view.bodyBn,
    body_html_en: renderArticleMarkdown(view.bodyEn),
    body_html_bn: renderArticleMarkdown(view.bodyBn),
    updated_by_name: canReadAllArticles(reader) ? view.updatedByName : null,
  };
}

export async function listArticles(db: Db, reader: Reader, query: ArticleListQuery): Promise<ArticleListReply> {
  const scope = { all: canReadAllArticles(reader), q: query.q, subGroupId: query.sub_group_id };
  const { rows, total } = await listArticlePage(db, scope, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
  return { data: rows.map(summaryOf), total, ...pageLinks(query.page, total) };
}

export async function readArticle(db: Db, reader: Reader, slug: string): Promise<Article> {
  const view = await findArticleBySlug(db, slug);
  if (!view || !canReadArticle(reader, view)) throw new AppError('not_found', 'articles.notFound');
  return present(reader, view);
}

function fieldsOf(actor: Actor, body: ArticleBody): ArticleFields {
  return {
    slug: body.slug,
    titleEn: body.title_en,
    titleBn: body.title_bn,
    bodyEn: body.body_en,
    bodyBn: body.body_bn,
    visibility: body.visibility,
    subGroupId: body.sub_group_id,
    published: body.published,
    updatedBy: actor.id,
  };
}

/** A taken slug is a 409, a subgroup that does not exist a 400; anything else as it is. */
function refusalOf(error: unknown): unknown {
  if (isUniqueViolation(error)) return new AppError('conflict', 'articles.slugTaken');
  if (isForeignKeyViolation(error)) return new AppError('bad_request', 'articles.subgroupMissing');
  return error;
}

async function audit(
  db: Db,
  actor: Actor,
  action: Extract<AuditAction, `article.${string}`>,
  row: Pick<ArticleRow, 'id'>,
  details: object,
) {
  await insertAuditEntry(db, {
    actorUserId: actor.id,
    action,
    target: `article:${row.id}`,
    ip: actor.ip,
    details: { ...details },
  });
}

function auditDetails(body: ArticleBody) {
  return { slug: body.slug, title: body.title_en, visibility: body.visibility, published: body.published };
}

async function viewOf(db: Db, actor: Actor, id: string): Promise<Article> {
  const view = await findArticleById(db, id);
  if (!view) throw new AppError('not_found', 'articles.notFound');
  return present(actor, view);
}

export async function createArticle(db: Db, actor: Actor, body: ArticleBody): Promise<Article> {
  assertCanWrite(actor);
  try {
    const created = await db.transaction(async (tx) => {
      const row = await insertArticle(tx, fieldsOf(actor, body));
      await audit(tx, actor, 'article.create', row, auditDetails(body));
      return row;
    });
    return await viewOf(db, actor, created.id);
  } catch (error) {
    throw refusalOf(error);
  }
}

export async function changeArticle(db: Db, actor: Actor, id: string, body: ArticleBody): Promise<Article> {
  assertCanWrite(actor);
  try {
    await db.transaction(async (tx) => {
      const before = await lockArticle(tx, id);
      if (!before) throw new AppError('not_found', 'articles.notFound');
      await updateArticle(tx, id, fieldsOf(actor, body));
      const moved = before.slug === body.slug ? {} : { previous_slug: before.slug };
      await audit(tx, actor, 'article.update', before, { ...auditDetails(body), ...moved });
    });
  } catch (error) {
    throw refusalOf(error);
  }
  return viewOf(db, actor, id);
}

export async function deleteArticle(db: Db, actor: Actor, id: string): Promise<void> {
  assertCanWrite(actor);
  await db.transaction(async (tx) => {
    const row = await lockArticle(tx, id);
    if (!row) throw new AppError('not_found', 'articles.notFound');
    await deleteArticleRow(tx, id);
    await audit(tx, actor, 'article.delete', row, { slug: row.slug, title: row.titleEn });
  });
}

export function previewArticle(actor: Actor, markdown: string): { html: string } {
  assertCanWrite(actor);
  return { html: renderArticleMarkdown(markdown) };
}

/**
 * A report avoided: the browser of a visitor who opened this article from the suggestions and
 * left the form without submitting says so once. Only public, published articles count.
 */
export async function noteArticleHelped(db: Db, id: string, timezone: string): Promise<void> {
  if (!(await countArticleHelp(db, id, timezone))) throw new AppError('not_found', 'articles.notFound');
}
