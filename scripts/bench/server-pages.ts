/**
 * The pages the server writes whole, without the app (DESIGN.md §28: /help and /help/{slug}): what
 * they load is read from their HTML as the server writes it, every script they name (a file of
 * the build, or one written inline) weighed like a route's chunks.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface PageContext {
  language: 'en' | 'bn';
  brand: string;
}
interface ArticleContent {
  slug: string;
  title_en: string;
  title_bn: string;
  body_html_en: string;
  body_html_bn: string;
}

const context: PageContext = { language: 'en', brand: 'Switchboard' };
const article: ArticleContent = {
  slug: 'restart-your-onu',
  title_en: 'Restart your ONU',
  title_bn: 'আপনার ওএনইউ রিস্টার্ট করুন',
  body_html_en: '<p>Pull the plug, wait <strong>30 seconds</strong>.</p>',
  body_html_bn: '<p>প্লাগ খুলুন।</p>',
};

interface HelpPages {
  helpArticlePage: (context: PageContext, content: ArticleContent) => string;
  helpListPage: (context: PageContext, content: { q: string; page: number; total: number; rows: [] }) => string;
}

/** The server's own writer of the pages (loaded by URL: the tools' type check does not reach into the server). */
const { helpArticlePage, helpListPage } = (await import(
  pathToFileURL(path.join(import.meta.dirname, '../../apps/server/src/modules/articles/help-pages.ts')).href
)) as HelpPages;

export interface ServerPage {
  route: string;
  html: string;
}

export const SERVER_PAGES: ServerPage[] = [
  { route: '/help (server page)', html: helpListPage(context, { q: '', page: 1, total: 0, rows: [] }) },
  { route: '/help/$slug (server page)', html: helpArticlePage(context, article) },
];

/** The gzip bytes and the number of the scripts a page loads: files it names by src or preloads, and inline ones. */
export function scriptsOfPage(dist: string, html: string): { jsGzip: number; files: number } {
  const named = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi),
    ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/gi),
  ].map((match) => match[1] ?? '');
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1] ?? '');
  const bytesOf = (src: string) => {
    const file = path.join(dist, src.replace(/^\//, ''));
    if (!existsSync(file)) throw new Error(`${src}, named by a server page, is not in the build`);
    return gzipSync(readFileSync(file), { level: 9 }).length;
  };
  const jsGzip =
    named.reduce((sum, src) => sum + bytesOf(src), 0) +
    inline.reduce((sum, script) => sum + gzipSync(script, { level: 9 }).length, 0);
  return { jsGzip, files: named.length + inline.length };
}
