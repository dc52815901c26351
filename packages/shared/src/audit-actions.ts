/** The audit trail's value sets, without zod: the web's route definitions read them with the sign-in page. */

/**
 * Every action the trail records: those of DESIGN.md §17 and the older desk tools' (sign-in locks,
 * assignment, canned replies). A subgroup change is a `group.update` whose details name the subgroup.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.clear_lock',
  'ticket.create',
  'comment.create',
  'ticket.forward',
  'ticket.resolve',
  'tickets.assign',
  'tickets.release',
  'ticket.priority',
  'incident.create',
  'incident.link',
  'incident.unlink',
  'incident.resolve',
  'incident.update',
  'incident.dismiss',
  'user.create',
  'user.update',
  'user.delete',
  'group.create',
  'group.update',
  'group.delete',
  'canned_reply.create',
  'canned_reply.update',
  'canned_reply.delete',
  'report.create',
  'service_level.update',
  'api_client.create',
  'api_client.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.test',
  'webhook.redeliver',
  'webhook.disable',
  'alarm_rule.create',
  'alarm_rule.update',
  'alarm_rule.delete',
  'alarm_rule.reorder',
  'area.create',
  'area.update',
  'area.delete',
  'subscribers.import',
  'subscriber.upsert',
  'broadcast.create',
  'broadcast.cancel',
  'subscriber.opt_out',
  'subscriber.opt_in',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A target filter (`ticket:42`, `user:…`) has at most this many characters. */
export const AUDIT_TARGET_MAX_LENGTH = 200;
