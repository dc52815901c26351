import { z } from 'zod';

export const viewTicketSearchSchema = z.object({
  id: z.coerce.number().int().positive().optional().catch(undefined),
});
