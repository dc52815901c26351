/** Request and reply schemas of the dashboard (DESIGN.md §17): what is late, where, and how fast the desk answers. */
import { z } from 'zod';
import { DEPARTMENTS } from './constants.ts';
import { msg } from './messages.ts';
import { satisfactionRowSchema } from './satisfaction.schemas.ts';

export const DASHBOARD_MIN_DAYS = 1;
export const DASHBOARD_MAX_DAYS = 90;
export const DASHBOARD_DEFAULT_DAYS = 30;
/** "This week": the top subgroups count the tickets of today and the six days before. */
export const DASHBOARD_TOP_SUBGROUP_DAYS = 7;
export const DASHBOARD_TOP_SUBGROUPS = 5;

const DAYS_MESSAGE = msg('dashboard.days', { min: DASHBOARD_MIN_DAYS, max: DASHBOARD_MAX_DAYS });

/** GET /dashboard?days=: the period of the per-day figures and the times, ending today in the provider's time zone. */
export const dashboardQuerySchema = z.object({
  days: z
    .string(DAYS_MESSAGE)
    .regex(/^\d{1,2}$/, DAYS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(DASHBOARD_MIN_DAYS, DAYS_MESSAGE).max(DASHBOARD_MAX_DAYS, DAYS_MESSAGE))
    .default(DASHBOARD_DEFAULT_DAYS),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const dashboardSchema = z.object({
  /** Every day of the period, oldest first (yyyy-MM-DD in the provider's zone): tickets raised, and tickets solved (and still solved). */
  per_day: z.array(z.object({ day: z.string(), created: z.number().int(), resolved: z.number().int() })),
  /** The unsolved tickets each department holds now, and how many of them are past their due time. */
  backlog: z.array(
    z.object({
      department: z.enum(DEPARTMENTS),
      open: z.number().int(),
      in_progress: z.number().int(),
      overdue: z.number().int(),
    }),
  ),
  /**
   * Median minutes to the first staff reply (tickets raised in the period) and to resolve (tickets
   * solved in the period), by the department holding them; null when there is no such ticket.
   */
  times: z.array(
    z.object({
      department: z.enum(DEPARTMENTS),
      median_first_reply_minutes: z.number().nullable(),
      median_resolve_minutes: z.number().nullable(),
    }),
  ),
  /** The subgroups with the most tickets raised this week, most first. */
  top_subgroups: z.array(
    z.object({ sub_group_id: z.string(), sub_group_name: z.string(), sub_group_name_bn: z.string(), count: z.number().int() }),
  ),
  /** How many incidents are active now. */
  active_incidents: z.number().int(),
  /**
   * Reports avoided in the period (DESIGN.md §23): numbers that were shown a known outage by the
   * status check and raised no ticket within REPORT_AVOIDED_WINDOW_MINUTES after it, counted once
   * per number and incident, once that window has passed.
   */
  reports_avoided: z.number().int(),
  /**
   * Reports avoided by help articles in the period (DESIGN.md §28): visitors who opened a suggested
   * article on the public form or the create form and left without submitting.
   */
  reports_avoided_articles: z.number().int(),
  /** Ratings given in the period (DESIGN.md §25), by the department holding the ticket; every department, zeros too. */
  satisfaction: z.array(satisfactionRowSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardReplySchema = z.object({ data: dashboardSchema });
export type DashboardReply = z.infer<typeof dashboardReplySchema>;
