/**
 * The public help pages as the server writes them (DESIGN.md §28): /help (a search and a page of
 * articles) and /help/{slug} (one article), complete HTML in the reader's language with no script
 * at all, so that a visitor from a search engine or from a form's suggestions downloads the page,
 * its style and the logo, nothing of the app. Every text from the database is escaped; an
 * article's body is the renderer's safe HTML (article-markdown.ts).
 */
import {
  ARTICLE_SEARCH_MAX_LENGTH,
  articleTitle,
  LANGUAGES,
  PAGE_SIZE,
  type ArticleSummary,
  type Language,
  type MessageValues,
} from '@switchboard/shared';
import { say } from '../../lib/messages.ts';
import { HELP_PAGE_STYLE } from './help-page-style.ts';

/** Each language's name in itself, as the app's language switch shows it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

export interface HelpPageContext {
  language: Language;
  brand: string;
}

/** A link within the help pages that keeps the reader's language. */
function helpHref(path: string, language: Language, query: Record<string, string> = {}): string {
  const search = new URLSearchParams({ ...query, lang: language });
  return `${path}?${search.toString()}`;
}

function wordsOf(language: Language) {
  return (key: Parameters<typeof say>[1], values?: MessageValues) => escapeHtml(say(language, key, values));
}

interface Frame {
  title: string;
  /** The same page in each language. */
  hrefIn: (language: Language) => string;
  main: string;
}

function page(context: HelpPageContext, frame: Frame): string {
  const { language, brand } = context;
  const t = wordsOf(language);
  const switches = LANGUAGES.filter((other) => other !== language)
    .map(
      (other) =>
        `<li><a href="${escapeHtml(frame.hrefIn(other))}" lang="${other}" hreflang="${other}">${LANGUAGE_NAMES[other]}</a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/logo.svg">
<title>${escapeHtml(frame.title)} · ${escapeHtml(brand)}</title>
<style>${HELP_PAGE_STYLE}</style>
</head>
<body>
<div class="page"><div class="column">
<header class="top">
<a class="brand" href="${escapeHtml(helpHref('/help', language))}"><img src="/logo.svg" alt="${t('articles.helpLogoAlt', { brand })}" width="36" height="36"><span>${escapeHtml(brand)}</span></a>
<nav aria-label="${t('articles.helpLinks')}"><ul><li><a href="/create-ticket">${t('articles.helpRaiseTicket')}</a></li>${switches}</ul></nav>
</header>
<main class="card">
${frame.main}
</main>
</div></div>
</body>
</html>
`;
}

export interface HelpArticleContent {
  slug: string;
  title_en: string;
  title_bn: string;
  body_html_en: string;
  body_html_bn: string;
}

/** /help/{slug}: one article in the reader's language. */
export function helpArticlePage(context: HelpPageContext, article: HelpArticleContent): string {
  const { language } = context;
  const t = wordsOf(language);
  const title = articleTitle(article, language);
  const main = `<a class="back" href="${escapeHtml(helpHref('/help', language))}">${t('articles.helpBackToHelp')}</a>
<article>
<h1>${escapeHtml(title)}</h1>
<div class="body">${language === 'bn' ? article.body_html_bn : article.body_html_en}</div>
</article>
<p class="ticket"><a href="/create-ticket">${t('articles.helpRaiseTicket')}</a></p>`;
  return page(context, { title, hrefIn: (other) => helpHref(`/help/${article.slug}`, other), main });
}

/** The page of an article that does not exist or that a visitor may not read (answered with 404). */
export function helpNotFoundPage(context: HelpPageContext, requestPath: string): string {
  const t = wordsOf(context.language);
  const main = `<a class="back" href="${escapeHtml(helpHref('/help', context.language))}">${t('articles.helpBackToHelp')}</a>
<h1>${t('articles.notFound')}</h1>
<p class="dimmed">${t('articles.helpNotFoundText')}</p>
<p class="ticket"><a href="/create-ticket">${t('articles.helpRaiseTicket')}</a></p>`;
  return page(context, {
    title: say(context.language, 'articles.notFound'),
    hrefIn: (other) => helpHref(requestPath, other),
    main,
  });
}

export interface HelpListContent {
  q: string;
  page: number;
  total: number;
  rows: ArticleSummary[];
  /** A refusal of the search as typed (too long), shown under the field. */
  problem?: string | undefined;
}

function listOf(context: HelpPageContext, list: HelpListContent): string {
  const t = wordsOf(context.language);
  if (list.rows.length === 0) return `<p>${list.q ? t('articles.helpNoMatch') : t('articles.helpEmpty')}</p>`;
  const items = list.rows.map(
    (row) =>
      `<li><a href="${escapeHtml(helpHref(`/help/${row.slug}`, context.language))}">${escapeHtml(articleTitle(row, context.language))}</a></li>`,
  );
  return `<ul class="list">${items.join('')}</ul>`;
}

function pagesOf(context: HelpPageContext, list: HelpListContent): string {
  const pages = Math.ceil(list.total / PAGE_SIZE);
  if (pages <= 1) return '';
  const t = wordsOf(context.language);
  const hrefOf = (number: number) =>
    escapeHtml(helpHref('/help', context.language, { ...(list.q ? { q: list.q } : {}), page: String(number) }));
  const previous = list.page > 1 ? `<a href="${hrefOf(list.page - 1)}" rel="prev">${t('articles.helpPrevious')}</a>` : '';
  const next = list.page < pages ? `<a href="${hrefOf(list.page + 1)}" rel="next">${t('articles.helpNext')}</a>` : '';
  return `<nav class="pages" aria-label="${t('articles.helpPages')}">${previous}<span>${t('articles.helpPageOf', { page: list.page, pages })}</span>${next}</nav>`;
}

/** /help?q=&page=: a search (a plain form: it works without script) and a page of public articles. */
export function helpListPage(context: HelpPageContext, list: HelpListContent): string {
  const { language } = context;
  const t = wordsOf(language);
  const problem = list.problem ? `<p class="dimmed" id="help-search-problem" role="alert">${escapeHtml(list.problem)}</p>` : '';
  const main = `<div>
<h1>${t('articles.helpTitle')}</h1>
<p class="intro">${t('articles.helpIntro')}</p>
</div>
<form class="search" role="search" method="get" action="/help">
<label for="help-search">${t('articles.helpSearch')}</label>
<div class="row"><input id="help-search" type="search" name="q" value="${escapeHtml(list.q)}" maxlength="${ARTICLE_SEARCH_MAX_LENGTH}" placeholder="${t('articles.helpSearchPlaceholder')}"${list.problem ? ' aria-invalid="true" aria-describedby="help-search-problem"' : ''}><input type="hidden" name="lang" value="${language}"><button type="submit">${t('articles.helpSearchButton')}</button></div>
${problem}
</form>
${listOf(context, list)}
${pagesOf(context, list)}`;
  const query = { ...(list.q ? { q: list.q } : {}), ...(list.page > 1 ? { page: String(list.page) } : {}) };
  return page(context, { title: say(language, 'articles.helpTitle'), hrefIn: (other) => helpHref('/help', other, query), main });
}
