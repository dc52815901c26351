/** Value sets and limits of the product (spec §3, §9; DESIGN.md §4). */

export const USER_TYPES = ['cc', 'rs', 'iptsp', 'oss_bss', 'agent', 'customer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLES = ['admin', 'moderator', 'support', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Departments a ticket can be issued to (the holder). */
export const DEPARTMENTS = ['cc', 'rs', 'iptsp', 'oss-bss'] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** Values of the issued-to filter: the departments plus `agent`. */
export const ISSUED_TO_VALUES = [...DEPARTMENTS, 'agent'] as const;
export type IssuedTo = (typeof ISSUED_TO_VALUES)[number];

export const ISSUER_USER_TYPES = ['agent', 'customer'] as const;
export type IssuerUserType = (typeof ISSUER_USER_TYPES)[number];

export const TICKET_STATUSES = ['open', 'in_progress', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  closed: 'Solved',
};

export const DEPARTMENT_LABELS: Record<Department, string> = {
  iptsp: 'IPTSP',
  rs: 'Retail Sales',
  cc: 'Customer Care',
  'oss-bss': 'OSS & BSS',
};

/** The label of "Resolve & Forward to cc". */
export const CORPORATE_SUPPORT_LABEL = 'Corporate Support';

export const USER_TYPE_LABELS: Record<UserType, string> = {
  cc: 'Customer Care',
  rs: 'Retail Sales',
  iptsp: 'IPTSP',
  oss_bss: 'OSS & BSS',
  agent: 'Agent',
  customer: 'Customer',
};

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  moderator: 'Moderator',
  support: 'Support',
  user: 'User',
};

export const PAGE_SIZE = 10;
/** Pages shown on each side of the current one in the pagination control. */
export const PAGINATION_WINDOW = 3;
export const SEARCH_DEBOUNCE_MS = 700;
export const FORWARDED_REFRESH_MS = 30_000;

export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_LENGTH = 6;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_CODES_PER_HOUR = 5;

export const NOTIFICATION_LIMIT = 3;
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

export const TITLE_MAX_LENGTH = 1000;
export const DESCRIPTION_MAX_LENGTH = 20_000;
export const COMMENT_MAX_LENGTH = 10_000;
export const NAME_MAX_LENGTH = 200;
export const MAX_ATTACHMENTS = 10;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** The generic failure text of the spec (§8). */
export const FALLBACK_ERROR_MESSAGE = 'Sorry, something went wrong. Please try again or refresh';

/** Calls send dates as yyyy-MM-DD; the UI shows them as below (dayjs format strings). */
export const API_DATE_FORMAT = 'YYYY-MM-DD';
export const DISPLAY_DATETIME_FORMAT = 'MMM DD • hh:mm:ss A';
