/** The audit trail's list (DESIGN.md §17): who did what to what, from where, for admins. */
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_MAX_LENGTH } from './audit-actions.ts';
import { calendarDaySchema, optionalQuery, pageNumberQuery, uuidSchema } from './common.schemas.ts';
import { msg } from './messages.ts';

/** GET /audit: a page (PAGE_SIZE rows) of the trail, newest first; days are the provider's calendar days. */
export const auditListQuerySchema = z
  .object({
    page: pageNumberQuery(),
    actor_id: optionalQuery(uuidSchema),
    action: optionalQuery(z.enum(AUDIT_ACTIONS, msg('audit.unknownAction'))),
    target: optionalQuery(
      z
        .string()
        .trim()
        .max(AUDIT_TARGET_MAX_LENGTH, msg('audit.targetTooLong', { max: AUDIT_TARGET_MAX_LENGTH })),
    ),
    start_date: optionalQuery(calendarDaySchema),
    end_date: optionalQuery(calendarDaySchema),
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: msg('audit.endBeforeStart'),
    path: ['end_date'],
  });
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditListItemSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditListItem = z.infer<typeof auditListItemSchema>;

/** A page of the trail in the paged-list shape of GET /users. */
export const auditListReplySchema = z.object({
  data: z.array(auditListItemSchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type AuditListReply = z.infer<typeof auditListReplySchema>;
