/** Request and reply schemas of a ticket's priority and the list's order (DESIGN.md §30). */
import { z } from 'zod';
import { SORT_DIRECTIONS, TICKET_PRIORITIES, TICKET_SORTS } from './constants.ts';
import { msg } from './messages.ts';

export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES, msg('priority.unknown'));

/** POST /tickets/{id}/priority: the new priority. Asking for the one the ticket has changes nothing. */
export const setPriorityBodySchema = z.object({ priority: ticketPrioritySchema });
export type SetPriorityBody = z.infer<typeof setPriorityBodySchema>;

export const setPriorityReplySchema = z.object({
  message: z.string(),
  priority: ticketPrioritySchema,
});
export type SetPriorityReply = z.infer<typeof setPriorityReplySchema>;

/** `sort=` of the ticket list. */
export const ticketSortSchema = z.enum(TICKET_SORTS, msg('priority.sort'));
/** `order=` of the ticket list. */
export const sortDirectionSchema = z.enum(SORT_DIRECTIONS, msg('priority.order'));
