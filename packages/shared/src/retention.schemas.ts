/** Retention (DESIGN.md §29): GET /retention says how long closed tickets are kept. */
import { z } from 'zod';

/** Days after its closing that a closed ticket is removed; null: retention is off. */
export const retentionReplySchema = z.object({ data: z.object({ closed_ticket_days: z.number().int().nullable() }) });
export type RetentionReply = z.infer<typeof retentionReplySchema>;
