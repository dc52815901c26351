/**
 * The one renderer of articles' Markdown (DESIGN.md §28): markdown-it with raw HTML off, so a
 * `<script>` or an `<img onerror>` is written out as text; its link check refuses `javascript:`,
 * `vbscript:`, `file:` and `data:` (but for images of a few types). Every link opens without the
 * opener and carries no endorsement (`rel="noopener nofollow"`).
 */
import MarkdownIt from 'markdown-it';

const renderer = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen =
  renderer.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

renderer.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token) token.attrSet('rel', 'noopener nofollow');
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** Safe HTML of a Markdown body. */
export function renderArticleMarkdown(markdown: string): string {
  return renderer.render(markdown);
}
