/** Text as PostgreSQL stores it: well-formed Unicode, whatever a request's JSON carried. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `value` with every string (and object key) made well-formed: a lone surrogate (valid in a JS
 * string, and in a request's JSON) is written by JSON as `\ud800`, which a jsonb column and a
 * statement's JSON parameter refuse; it becomes U+FFFD, as a text column would store it.
 */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(wellFormed) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replace(LONE_SURROGATE, '\uFFFD'), wellFormed(item)]),
    ) as T;
  }
  return value;
}
