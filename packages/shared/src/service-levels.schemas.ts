/** Request and reply schemas of the service levels (DESIGN.md §17): how soon each department answers and solves. */
import { z } from 'zod';
import { DEPARTMENTS } from './constants.ts';
import { msg, type ValidationMessageKey } from './messages.ts';

/** A level is whole hours from one hour to thirty days: shorter is not a target, longer is no level at all. */
export const SERVICE_LEVEL_MIN_HOURS = 1;
export const SERVICE_LEVEL_MAX_HOURS = 720;
/** What a department starts with (the migration seeds them). */
export const DEFAULT_FIRST_REPLY_HOURS = 4;
export const DEFAULT_RESOLVE_HOURS = 48;

function hoursSchema(key: ValidationMessageKey) {
  const message = msg(key, { min: SERVICE_LEVEL_MIN_HOURS, max: SERVICE_LEVEL_MAX_HOURS });
  return z.number(message).int(message).min(SERVICE_LEVEL_MIN_HOURS, message).max(SERVICE_LEVEL_MAX_HOURS, message);
}

/**
 * PUT /service-levels/{department}. `calendar_id` names the working calendar the hours count in
 * (DESIGN.md §26): null is "Always" (the wall clock); absent keeps the one it has.
 */
export const serviceLevelBodySchema = z.object({
  first_reply_hours: hoursSchema('service-levels.firstReplyHours'),
  resolve_hours: hoursSchema('service-levels.resolveHours'),
  calendar_id: z
    .number(msg('service-levels.calendar'))
    .int(msg('service-levels.calendar'))
    .min(1, msg('service-levels.calendar'))
    .nullable()
    .optional(),
});
export type ServiceLevelBody = z.infer<typeof serviceLevelBodySchema>;

export const serviceLevelParamsSchema = z.object({
  department: z.enum(DEPARTMENTS, msg('service-levels.department')),
});

/**
 * A department's levels. `recompute` is the progress of moving its unsolved tickets' due times after
 * a change of its levels or its calendar (done in the background, in batches); null when none runs.
 */
export const serviceLevelSchema = serviceLevelBodySchema.extend({
  department: z.enum(DEPARTMENTS),
  calendar_id: z.number().int().nullable(),
  recompute: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
});
export type ServiceLevel = z.infer<typeof serviceLevelSchema>;

/** GET /service-levels: every department, in the order of DEPARTMENTS. */
export const serviceLevelListReplySchema = z.object({ data: z.array(serviceLevelSchema) });
export type ServiceLevelListReply = z.infer<typeof serviceLevelListReplySchema>;

export const serviceLevelReplySchema = z.object({ data: serviceLevelSchema });
export type ServiceLevelReply = z.infer<typeof serviceLevelReplySchema>;
