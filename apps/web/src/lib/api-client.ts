/**
 * The one way the SPA talks to the API: JSON, bearer token, errors as ApiError with the server's
 * message. A 401 triggers token validation; when that fails too, the user is signed out (spec §2).
 */
import { currentLanguage, translate } from './i18n.ts';
import { labelMessages } from './messages.ts';
import { asSessionEndReason, clearToken, readToken, rememberSessionEnd, type SessionEndReason } from './session.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, string> | undefined;

  constructor(status: number, message: string, code: string, details?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The text to show for a failure, in the interface's language: the server's message if there is one, else the spec's fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === NETWORK_ERROR) return translate(labelMessages, 'networkError');
  if (error instanceof ApiError && error.message) return error.message;
  return translate(labelMessages, 'fallbackError');
}

const NETWORK_ERROR = 'network';
/** The code of a failure whose reply named none (a proxy's page, an empty body). */
export const UNKNOWN = 'unknown';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A body that is not JSON (an iCal file): its content type and text. */
  text?: { type: string; content: string };
  query?: Record<string, string | number | undefined | null>;
  /** Public calls send no token and never sign the user out. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (a last word as a tab closes), as navigator.sendBeacon's would, with the bearer header. */
  keepalive?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.anonymous ? null : readToken();
  // The server answers (messages, texts sent later by SMS) in the interface's language.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.text) headers['content-type'] = options.text.type;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}${queryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.text ? options.text.content : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, translate(labelMessages, 'networkError'), NETWORK_ERROR);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const { message, code, details } = (body ?? {}) as { message?: string; code?: string; details?: Record<string, string> };
  if (response.status === 401 && token) await handleUnauthorized(token, asSessionEndReason(details?.reason));
  throw new ApiError(response.status, message ?? translate(labelMessages, 'fallbackError'), code ?? UNKNOWN, details);
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

let validating: Promise<void> | null = null;

/**
 * Validates the token once for all concurrent 401s; a token the server refuses ends the session
 * with a reload to /, remembering why (validate-token's reason, else the first reply's). A token
 * replaced meanwhile (a new sign-in in another tab) is left alone.
 */
function handleUnauthorized(token: string, replyReason: SessionEndReason | null): Promise<void> {
  validating ??= (async () => {
    const check = await askServer(token);
    if (check.result === 'invalid' && readToken() === token) endSession(check.reason ?? replyReason);
  })().finally(() => {
    validating = null;
  });
  return validating;
}

/** `unknown`: offline or the server in trouble, which is no reason to sign anybody out. */
export type TokenCheck = 'valid' | 'invalid' | 'unknown';

async function askServer(token: string): Promise<{ result: TokenCheck; reason: SessionEndReason | null }> {
  try {
    const response = await fetch('/api/v1/users/validate-token', {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    if (response.ok) return { result: 'valid', reason: null };
    if (response.status !== 401) return { result: 'unknown', reason: null };
    const body = (await response.json().catch(() => null)) as { details?: { reason?: unknown } } | null;
    return { result: 'invalid', reason: asSessionEndReason(body?.details?.reason) };
  } catch {
    return { result: 'unknown', reason: null };
  }
}

/** Asks the server whether a token is still valid (spec: validate-token). */
export async function checkToken(token: string): Promise<TokenCheck> {
  return (await askServer(token)).result;
}

/** Ends the session: the token goes, and a full reload to / drops every cached reply of the user. */
export function signOutAndReload(): void {
  clearToken();
  window.location.assign('/');
}

/** The server ended the session: the sign-in screen will say why, when the reason is known. */
function endSession(reason: SessionEndReason | null): void {
  if (reason) rememberSessionEnd(reason);
  signOutAndReload();
}
