/**
 * Help articles (DESIGN.md §28): answers in Bangla and English that staff write in Markdown and
 * the server renders (raw HTML off), public or internal, draft or published.
 */
import { z } from 'zod';
import { msg, type ValidationMessageKey } from './messages.ts';
import { normaliseLineBreaks, optionalQuery, pageNumberQuery, pageReplyFields, uuidSchema } from './common.schemas.ts';

export const ARTICLE_SLUG_MIN_LENGTH = 3;
export const ARTICLE_SLUG_MAX_LENGTH = 80;
/** Lower-case letters, digits and single hyphens between them: no dot, no slash, nothing to traverse. */
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ARTICLE_TITLE_MAX_LENGTH = 150;
/** Each language's Markdown body. */
export const ARTICLE_BODY_MAX_LENGTH = 20_000;
export const ARTICLE_SEARCH_MAX_LENGTH = 100;
/** A search shorter than this lists everything (suggestions wait for it too). */
export const ARTICLE_SEARCH_MIN_LENGTH = 3;
export const ARTICLE_VISIBILITIES = ['public', 'internal'] as const;
export type ArticleVisibility = (typeof ARTICLE_VISIBILITIES)[number];

export const articleSlugSchema = z
  .string(msg('articles.slug'))
  .trim()
  .min(ARTICLE_SLUG_MIN_LENGTH, msg('articles.slugLength', { min: ARTICLE_SLUG_MIN_LENGTH, max: ARTICLE_SLUG_MAX_LENGTH }))
  .max(ARTICLE_SLUG_MAX_LENGTH, msg('articles.slugLength', { min: ARTICLE_SLUG_MIN_LENGTH, max: ARTICLE_SLUG_MAX_LENGTH }))
  .regex(ARTICLE_SLUG_PATTERN, msg('articles.slug'));

function titleSchema(required: ValidationMessageKey, tooLong: ValidationMessageKey) {
  return z
    .string(msg(required))
    .trim()
    .min(1, msg(required))
    .max(ARTICLE_TITLE_MAX_LENGTH, msg(tooLong, { max: ARTICLE_TITLE_MAX_LENGTH }));
}

function markdownSchema(required: ValidationMessageKey, tooLong: ValidationMessageKey) {
  const text = z
    .string()
    .trim()
    .min(1, msg(required))
    .max(ARTICLE_BODY_MAX_LENGTH, msg(tooLong, { max: ARTICLE_BODY_MAX_LENGTH }));
  // The bound before the transform too, so that the route's body limit can be measured from the schema.
  return z
    .string(msg(required))
    .max(ARTICLE_BODY_MAX_LENGTH, msg(tooLong, { max: ARTICLE_BODY_MAX_LENGTH }))
    .transform(normaliseLineBreaks)
    .pipe(text);
}

/** POST /articles and PUT /articles/{id}: both languages are written. */
export const articleBodySchema = z.object({
  slug: articleSlugSchema,
  title_en: titleSchema('articles.englishTitleRequired', 'articles.titleTooLong'),
  title_bn: titleSchema('articles.banglaTitleRequired', 'articles.titleTooLong'),
  body_en: markdownSchema('articles.englishBodyRequired', 'articles.bodyTooLong'),
  body_bn: markdownSchema('articles.banglaBodyRequired', 'articles.bodyTooLong'),
  visibility: z.enum(ARTICLE_VISIBILITIES, msg('articles.visibility')),
  sub_group_id: uuidSchema.nullable().default(null),
  published: z.boolean(msg('articles.published')),
});
export type ArticleBody = z.infer<typeof articleBodySchema>;
export type ArticleInput = z.input<typeof articleBodySchema>;

/** POST /articles/preview: one body rendered as the readers will see it. */
export const articlePreviewBodySchema = z.object({
  markdown: z
    .string(msg('articles.bodyTooLong', { max: ARTICLE_BODY_MAX_LENGTH }))
    .max(ARTICLE_BODY_MAX_LENGTH, msg('articles.bodyTooLong', { max: ARTICLE_BODY_MAX_LENGTH })),
});
export const articlePreviewReplySchema = z.object({ data: z.object({ html: z.string() }) });
export type ArticlePreviewReply = z.infer<typeof articlePreviewReplySchema>;

/** GET /articles?q=&sub_group_id=&page=: 10 per page, newest change first (by match when searched). */
export const articleListQuerySchema = z.object({
  q: optionalQuery(
    z
      .string(msg('articles.searchText'))
      .trim()
      .max(ARTICLE_SEARCH_MAX_LENGTH, msg('articles.searchTooLong', { max: ARTICLE_SEARCH_MAX_LENGTH })),
  ),
  sub_group_id: optionalQuery(uuidSchema),
  page: pageNumberQuery(),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

export const articleSlugParamsSchema = z.object({ slug: articleSlugSchema });
export const articleIdParamsSchema = z.object({ id: uuidSchema });

export const articleSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title_en: z.string(),
  title_bn: z.string(),
  visibility: z.enum(ARTICLE_VISIBILITIES),
  sub_group_id: z.string().nullable(),
  published: z.boolean(),
  updated_at: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  body_en: z.string(),
  body_bn: z.string(),
  /** The bodies rendered by the server: safe HTML (no raw HTML, no script links). */
  body_html_en: z.string(),
  body_html_bn: z.string(),
  /** Staff only; null for everybody else. */
  updated_by_name: z.string().nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleReplySchema = z.object({ data: articleSchema });
export type ArticleReply = z.infer<typeof articleReplySchema>;

export const articleListReplySchema = z.object({ data: z.array(articleSummarySchema), ...pageReplyFields });
export type ArticleListReply = z.infer<typeof articleListReplySchema>;

/** The article's title in the reader's language. */
export function articleTitle(article: Pick<ArticleSummary, 'title_en' | 'title_bn'>, lang: string): string {
  return lang === 'bn' ? article.title_bn : article.title_en;
}
