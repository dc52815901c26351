/** Links between related tickets (DESIGN.md §27): staff's, shown both ways on the ticket view. */
import { z } from 'zod';
import { ticketIdSchema } from './common.schemas.ts';
import { TICKET_STATUSES } from './constants.ts';

/** Links one ticket may have (either way). */
export const TICKET_LINKS_MAX = 20;

/** POST|DELETE /tickets/{id}/links: the other ticket. A link has no direction; linking twice is one link. */
export const ticketLinkBodySchema = z.object({ ticket_id: ticketIdSchema });
export type TicketLinkBody = z.infer<typeof ticketLinkBodySchema>;

/** A linked ticket as the ticket view lists it (staff only). */
export const ticketLinkSchema = z.object({
  ticket_id: z.number().int(),
  title: z.string(),
  ticket_status: z.enum(TICKET_STATUSES),
});
export type TicketLink = z.infer<typeof ticketLinkSchema>;

/** The reply of both: the ticket's links now, newest first. */
export const ticketLinksReplySchema = z.object({ message: z.string(), data: z.array(ticketLinkSchema) });
export type TicketLinksReply = z.infer<typeof ticketLinksReplySchema>;
