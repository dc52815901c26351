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

/** A ticket's priority (DESIGN.md §30), lowest first: staff's to set and to see. */
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'normal';

/** The orders of the ticket list (DESIGN.md §30): by creation, last change, priority or due time. */
export const TICKET_SORTS = ['created', 'activity', 'priority', 'due'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** The list's order when the query names none: newest first (spec §7). */
export const DEFAULT_TICKET_SORT: TicketSort = 'created';
export const DEFAULT_SORT_DIRECTION: SortDirection = 'desc';

/** Messages to a ticket's issuer (DESIGN.md §13): how they travel, why, and where they are. */
export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/**
 * `broadcast`: an outage broadcast's SMS to a subscriber (DESIGN.md §23), paced apart from the others;
 * `answer`: the desk's answer to an inbound SMS (STATUS, STOP / START, a new ticket's number, §24);
 * `survey`: "How did we do?" after a resolve (§25);
 * `merged`: the issuer's ticket was merged into another of theirs (§27), told once.
 */
export const NOTIFICATION_KINDS = ['receipt', 'reply', 'resolved', 'broadcast', 'answer', 'survey', 'merged'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** `cancelled`: a broadcast's message that was still waiting when staff cancelled the broadcast. */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
/** What an SMS gateway later reported of a message it took (DESIGN.md §24); null until it does. */
export const DELIVERY_REPORTS = ['delivered', 'failed', 'expired'] as const;
export type DeliveryReport = (typeof DELIVERY_REPORTS)[number];

/** How a rating reached the desk (DESIGN.md §25): a digit answered by SMS, or a link of the e-mail tapped. */
export const RATING_CHANNELS = ['sms', 'email'] as const;
export type RatingChannel = (typeof RATING_CHANNELS)[number];

// The scale of a rating (DESIGN.md §25). Here rather than beside the rating schemas, so that the
// screens that only need the numbers (the list's address, its badge) load no schema code.
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A rating this low or lower tells the holding department; the list's `rating=low` finds them. */
export const RATING_LOW_MAX = 2;
/** A rating this high or higher counts as satisfied on the dashboard. */
export const RATING_SATISFIED_MIN = 4;
/** `rating=` of the ticket list (staff): `low` the tickets rated 1 or 2, `any` every rated ticket. */
export const RATING_FILTERS = ['low', 'any'] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];

/** How a comment reached the desk (DESIGN.md §24): typed on the web (or sent by the API), an SMS, an e-mail. */
export const COMMENT_SOURCES = ['web', 'sms', 'email'] as const;
export type CommentSource = (typeof COMMENT_SOURCES)[number];

/** Incidents (DESIGN.md §14). */
export const INCIDENT_STATUSES = ['active', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
/** Who opened an incident: a person, or a routed network alarm (DESIGN.md §22). */
export const INCIDENT_OPENERS = ['staff', 'alarm'] as const;
/**
 * The longest public note of an incident: a few sentences on the public page. Here, not beside the
 * incident schemas, so that alarm rules can name it without loading the ticket schemas.
 */
export const INCIDENT_PUBLIC_NOTE_MAX_LENGTH = 1000;

/** An area code (DESIGN.md §23): letters, digits, dash and underscore. */
export const AREA_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
/** Areas one incident names at most. */
export const INCIDENT_AREAS_MAX = 50;

/** A subscriber of the provider's billing system (DESIGN.md §23): only active ones hear broadcasts. */
export const SUBSCRIBER_STATUSES = ['active', 'suspended'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** An outage broadcast: the fault is known, news of it, and the service is back (sent even in quiet hours). */
export const BROADCAST_KINDS = ['outage', 'update', 'restored'] as const;
export type BroadcastKind = (typeof BROADCAST_KINDS)[number];
export const BROADCAST_STATUSES = ['sending', 'finished', 'cancelled'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
export type IncidentOpener = (typeof INCIDENT_OPENERS)[number];

/** English names of the priorities, for the report (the screens use their catalogs). */
export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

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

/**
 * The OTP rules (DESIGN.md §7), in one place: the web shows them, the server's configuration
 * defaults read them, and the SMS text is made from them.
 */
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_TTL_MINUTES = OTP_TTL_SECONDS / 60;
export const OTP_LENGTH = 6;
/** Wrong tries one code allows. */
export const OTP_MAX_WRONG_TRIES = 5;
/** Wrong tries one address may make for one number in a rolling hour. */
export const OTP_MAX_WRONG_TRIES_PER_ADDRESS_PER_HOUR = 5;
/** Wrong tries one number may receive from all addresses in a rolling 24 hours (NIST SP 800-63B). */
export const OTP_MAX_WRONG_TRIES_PER_NUMBER_PER_DAY = 100;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_CODES_PER_HOUR = 5;

export const TITLE_MAX_LENGTH = 1000;
/**
 * Length limits of the ticket list's text search `q` (DESIGN.md §19). Three characters: the trigram
 * indexes serve no shorter pattern, and a two-letter search read every ticket and comment (3–4 s
 * on 300,000 tickets).
 */
export const TEXT_SEARCH_MIN_LENGTH = 3;
export const TEXT_SEARCH_MAX_LENGTH = 100;
/**
 * A text search counts its matches up to this many (newest first) and no further: past it the list
 * says "more than 1,000" and its pages end there (narrow the search to see older matches).
 */
export const SEARCH_COUNT_LIMIT = 1000;
/**
 * Where a searched text splits into words: spaces and the punctuation that clings to words, the
 * Bangla danda too. The database's `words_of` (modules/tickets/ticket-words.sql) splits the texts it
 * searches here as well; `%`, `_`, `\` and `-` stay in words.
 */
export const SEARCH_WORD_SEPARATORS = /[\][\s.,;:!?(){}<>"'`*#~^=+|/“”‘’…।॥]+/u;

/** The words of a searched text, as the search takes them: lower case, each once. */
export function searchWordsOf(text: string): string[] {
  const words = text.toLowerCase().split(SEARCH_WORD_SEPARATORS);
  return [...new Set(words.filter((word) => word !== ''))];
}
export const DESCRIPTION_MAX_LENGTH = 20_000;
export const COMMENT_MAX_LENGTH = 10_000;
export const NAME_MAX_LENGTH = 200;
export const MAX_ATTACHMENTS = 10;
/** Upload grants of the public form one solved bot check covers: one form's images. */
export const PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK = MAX_ATTACHMENTS;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** The longest search text of the users table (kept here, out of the schemas: the sign-in page reads it). */
export const USER_SEARCH_MAX_LENGTH = 100;

/**
 * An account is a person, the account an API client acts as (DESIGN.md §21), or the desk itself
 * (the one `system` account that alarm-driven recovery acts as, DESIGN.md §22). Only persons sign
 * in and appear in lists of people; the others write comments, forwards and audit rows.
 */
export const ACCOUNT_KINDS = ['person', 'client', 'system'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * The longest tag (DESIGN.md §27), in characters after normalising (tags.schemas.ts). Here, apart
 * from the schema, so that the list's address can check a tag without loading the schemas.
 */
export const TAG_MAX_LENGTH = 30;
