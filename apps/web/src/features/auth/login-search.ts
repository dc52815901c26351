import { z } from 'zod';

/** `/?q=<token>` signs in with a token handed over by another application. */
export const loginSearchSchema = z.object({
  q: z.string().optional().catch(undefined),
});
