/**
 * The JSON body parser, with a nesting limit checked on the raw text before anything is built.
 * A 1 MB body of nested brackets otherwise costs hundreds of milliseconds in the parser, the input
 * guard and the schemas; no request of this API nests more than a few levels.
 */
import fp from 'fastify-plugin';
import { AppError } from '@switchboard/shared';

/** Far above the deepest request the API takes (a ticket body nests three levels). */
export const MAX_JSON_DEPTH = 32;

/** Whether the JSON text opens more than `limit` arrays or objects inside each other. One pass, no allocation. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character, quotes included
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

export default fp(
  async (app) => {
    // Fastify's own parser keeps its protection against __proto__ and constructor keys.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(new AppError('bad_request', 'common.nestedTooDeep', { depth: MAX_JSON_DEPTH }), undefined);
        return;
      }
      void parseJson(request, text, done);
    });
  },
  { name: 'json-body' },
);
