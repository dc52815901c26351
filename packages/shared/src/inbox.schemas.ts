/**
 * Staff's notification bell (DESIGN.md §26): what the desk tells one staff member in the app — a
 * ticket past its due time, one escalated to the department's moderators and the admins, a low rating.
 */
import { z } from 'zod';
import { DEPARTMENTS } from './constants.ts';
import { msg } from './messages.ts';

/**
 * `sla.breached`: a ticket of the reader (its assignee, else its holding department) is past due;
 * `sla.escalated`: past due by SLA_ESCALATE_HOURS (the department's moderators and the admins);
 * `rating.low`: its issuer rated it 1 or 2 (the staff who act for its holder).
 */
export const INBOX_KINDS = ['sla.breached', 'sla.escalated', 'rating.low'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_PAGE_SIZE = 20;
/** Items one mark-read may name; `all` marks every one. */
export const INBOX_READ_MAX_IDS = 100;
/** Items kept per person: the oldest beyond this are removed as new ones arrive. */
export const INBOX_KEPT_PER_USER = 500;

export const inboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  ticket_id: z.number().int(),
  ticket_title: z.string(),
  /** The department the ticket was held by when it was told. */
  department: z.enum(DEPARTMENTS).nullable(),
  /** `rating.low` only: the score given. */
  score: z.number().int().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** GET /inbox?before={id} (staff): the newest items first, INBOX_PAGE_SIZE a page; `unread` of all. */
export const inboxQuerySchema = z.object({
  before: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number(msg('inbox.before')).int(msg('inbox.before')).min(1, msg('inbox.before')).optional(),
  ),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxReplySchema = z.object({
  data: z.array(inboxItemSchema),
  unread: z.number().int(),
  has_more: z.boolean(),
});
export type InboxReply = z.infer<typeof inboxReplySchema>;

/** POST /inbox/read (staff): these items, or every one; another person's ids change nothing. */
export const inboxReadBodySchema = z.union([
  z.strictObject({
    ids: z
      .array(z.number(msg('inbox.ids')).int(msg('inbox.ids')).min(1, msg('inbox.ids')), msg('inbox.ids'))
      .min(1, msg('inbox.ids'))
      .max(INBOX_READ_MAX_IDS, msg('inbox.tooManyIds', { max: INBOX_READ_MAX_IDS })),
  }),
  z.strictObject({ all: z.literal(true, msg('inbox.ids')) }),
]);
export type InboxReadBody = z.infer<typeof inboxReadBodySchema>;

export const inboxReadReplySchema = z.object({ data: z.object({ unread: z.number().int() }) });
export type InboxReadReply = z.infer<typeof inboxReadReplySchema>;
