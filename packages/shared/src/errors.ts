/** The one error family of the API: a short machine code, a message a person can read, a status. */
import { msg, type MessageKey, type MessageValues, type ValidationMessageKey } from './messages.ts';

export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  captcha_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A link that worked once and has expired (a rating link, DESIGN.md §25): the person needs a new one. */
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  /** The process holds as many as it may (live event streams): try again shortly. */
  busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * An error the API replies with. It names its message by key (messages.ts); the reply renders it
 * in the request's language. `details` holds a message reference per field of the request.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly key: MessageKey;
  readonly values: MessageValues | undefined;
  readonly details: Record<string, string> | undefined;

  constructor(code: ErrorCode, key: MessageKey, values?: MessageValues, details?: Record<string, string>) {
    super(values ? `${key} ${JSON.stringify(values)}` : key);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.key = key;
    this.values = values;
    this.details = details;
  }

  /** A refusal of one field's value: the message is both the reply's and the field's. */
  static invalidField(field: string, key: ValidationMessageKey, values?: MessageValues): AppError {
    return new AppError('validation', key, values, { [field]: msg(key, values) });
  }
}

/** The body of every error reply. */
export interface ErrorBody {
  message: string;
  code: string;
  details?: Record<string, string>;
}
