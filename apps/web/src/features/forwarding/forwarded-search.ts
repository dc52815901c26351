import { z } from 'zod';

export const forwardedSearchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
});
