import { z } from 'zod';

/** The URL search of /tickets: the page and the filters, so that reload and back keep them. */
export const ticketsSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
});
export type TicketsSearch = z.infer<typeof ticketsSearchSchema>;
