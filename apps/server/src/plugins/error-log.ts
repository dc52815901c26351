/**
 * How an error is written to the log (the logger's `err` serializer). A failed statement names
 * itself by its text and its error code, never by its values: the bind parameters of a search or
 * a write hold what people typed (a comment, an e-mail address, a phone number), and the driver's
 * `detail` ("Failing row contains …") and `where` repeat them. The query builder also writes the
 * parameters into its message ("Failed query: … params: …"), so message and stack are cut too.
 */

/** Fields of an error that may hold the values of a statement. */
const DROPPED = new Set(['params', 'parameters', 'detail', 'where']);
/** Written by the serializer itself, not copied. */
const OWN = new Set(['name', 'message', 'stack', 'cause']);
/** A statement's text is kept to this many characters: enough to find it in the code. */
export const MAX_LOGGED_STATEMENT = 500;
/** Causes deeper than this are left out (a cycle must not loop). */
const MAX_CAUSES = 5;

const truncated = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The message without the parameters the query builder appends, and without a value PostgreSQL quotes. */
function safeMessage(error: Error): string {
  let message = error.message;
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = message.slice(0, params);
  // A data exception (SQLSTATE class 22) quotes the refused value: `invalid input syntax for type uuid: "…"`.
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('22')) message = message.replace(/: ".*$/s, ': "…"');
  return truncated(message, MAX_LOGGED_STATEMENT + 100);
}

/** The stack's frames under the safe message (a stack starts with the whole message). */
function safeStack(error: Error, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const frames = error.stack.search(/^\s+at /m);
  return `${error.name}: ${message}${frames >= 0 ? `\n${error.stack.slice(frames)}` : ''}`;
}

/** An error as the log shows it. */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serialize(value: unknown, depth: number): LoggedError {
  // Whatever else is thrown is named by its type and its text, cut like a message.
  if (!(value instanceof Error))
    return { type: typeof value, message: truncated(String(value), MAX_LOGGED_STATEMENT), stack: '' };
  const message = safeMessage(value);
  const out: LoggedError = { type: value.constructor.name || value.name, message, stack: safeStack(value, message) ?? '' };
  for (const [key, field] of Object.entries(value)) {
    if (DROPPED.has(key) || OWN.has(key)) continue;
    out[key] = key === 'query' && typeof field === 'string' ? truncated(field, MAX_LOGGED_STATEMENT) : field;
  }
  if (value.cause !== undefined && depth < MAX_CAUSES) out.cause = serialize(value.cause, depth + 1);
  return out;
}

/** The `err` serializer: message, code and the statement's text (cut), never its values; causes the same way. */
export function errorSerializer(error: unknown): LoggedError {
  return serialize(error, 0);
}
