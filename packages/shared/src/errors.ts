/** The one error family of the API: a short machine code, a message a person can read, a status. */

export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  captcha_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  /** The process holds as many as it may (live event streams): try again shortly. */
  busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

/** The body of every error reply. */
export interface ErrorBody {
  message: string;
  code: string;
  details?: Record<string, string>;
}
