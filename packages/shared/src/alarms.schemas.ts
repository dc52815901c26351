/**
 * Network alarms (DESIGN.md §22): what the provider's monitoring posts (Prometheus Alertmanager's
 * webhook, or the generic form for Zabbix, LibreNMS, Icinga and scripts), the alarms the desk keeps
 * by key, and the routing rules that turn a firing alarm into an incident.
 */
import { z } from 'zod';
import { AREA_CODE_PATTERN, COMMENT_MAX_LENGTH, INCIDENT_PUBLIC_NOTE_MAX_LENGTH } from './constants.ts';
import { msg } from './messages.ts';
import { multilineText, optionalQuery, pageNumberQuery, pageReplyFields, uuidSchema } from './common.schemas.ts';

export const ALARM_STATUSES = ['firing', 'resolved'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

/** Alarms one delivery may carry (Alertmanager's `max_alerts` should be set to it). */
export const ALARMS_PER_DELIVERY_MAX = 500;
/** A delivery's body at most, in bytes. */
export const ALARM_DELIVERY_MAX_BYTES = 1_048_576;
export const ALARM_LABELS_MAX = 64;
export const ALARM_LABEL_NAME_MAX_LENGTH = 128;
export const ALARM_LABEL_VALUE_MAX_LENGTH = 1024;
export const ALARM_KEY_MAX_LENGTH = 200;
export const ALARM_SOURCE_MAX_LENGTH = 64;
export const ALARM_SUMMARY_MAX_LENGTH = 500;
export const ALARM_SEVERITY_MAX_LENGTH = 32;
/** Firing alarms one client may hold at once: a flood of distinct keys stops here (429). */
export const ALARMS_FIRING_PER_CLIENT_MAX = 10_000;
/** Deliveries kept for the screen. */
export const ALARM_DELIVERIES_KEPT = 200;
/** A page of alarms, of deliveries and of rules. */
export const ALARMS_PAGE_SIZE = 20;

const boundedText = (max: number) => z.string().max(max, msg('alarms.textTooLong', { max }));

/** Prometheus' label names: a letter or underscore, then letters, digits and underscores. */
export const ALARM_LABEL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Labels (and Alertmanager's annotations): a flat map of short texts, bounded in count and size. */
export const alarmLabelsSchema = z
  .record(
    z.string().max(ALARM_LABEL_NAME_MAX_LENGTH, msg('alarms.labelNameTooLong', { max: ALARM_LABEL_NAME_MAX_LENGTH })),
    boundedText(ALARM_LABEL_VALUE_MAX_LENGTH),
  )
  .refine((labels) => Object.keys(labels).length <= ALARM_LABELS_MAX, msg('alarms.tooManyLabels', { max: ALARM_LABELS_MAX }));
export type AlarmLabels = z.infer<typeof alarmLabelsSchema>;

const timestampText = z
  .string()
  .max(64)
  .refine((value) => !Number.isNaN(Date.parse(value)), msg('alarms.timestamp'));

const alarmCountSchema = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, msg('alarms.alarmsRequired'))
    .max(ALARMS_PER_DELIVERY_MAX, msg('alarms.tooManyAlarms', { max: ALARMS_PER_DELIVERY_MAX }));

/** One alert of Alertmanager's webhook (version 4); fields Alertmanager may add later are ignored. */
export const alertmanagerAlertSchema = z.looseObject({
  status: z.enum(ALARM_STATUSES, msg('alarms.status')),
  labels: alarmLabelsSchema,
  annotations: alarmLabelsSchema.default({}),
  startsAt: timestampText.optional(),
  endsAt: timestampText.optional(),
  generatorURL: boundedText(2000).optional(),
  fingerprint: z
    .string(msg('alarms.keyRequired'))
    .trim()
    .min(1, msg('alarms.keyRequired'))
    .max(ALARM_KEY_MAX_LENGTH, msg('alarms.keyRequired')),
});

/** POST /alarms/alertmanager: the payload exactly as Alertmanager sends it. */
export const alertmanagerPayloadSchema = z.looseObject({
  version: z.literal('4', msg('alarms.version')),
  groupKey: boundedText(4000).optional(),
  truncatedAlerts: z.number().int().min(0).optional(),
  status: z.enum(ALARM_STATUSES, msg('alarms.status')),
  receiver: boundedText(200).optional(),
  groupLabels: alarmLabelsSchema.optional(),
  commonLabels: alarmLabelsSchema.optional(),
  commonAnnotations: alarmLabelsSchema.optional(),
  externalURL: boundedText(2000).optional(),
  alerts: alarmCountSchema(alertmanagerAlertSchema),
});
export type AlertmanagerPayload = z.infer<typeof alertmanagerPayloadSchema>;

/** One alarm of the generic form. */
export const genericAlarmSchema = z.strictObject({
  source: z
    .string(msg('alarms.sourceRequired'))
    .trim()
    .min(1, msg('alarms.sourceRequired'))
    .max(ALARM_SOURCE_MAX_LENGTH, msg('alarms.textTooLong', { max: ALARM_SOURCE_MAX_LENGTH })),
  key: z
    .string(msg('alarms.keyRequired'))
    .trim()
    .min(1, msg('alarms.keyRequired'))
    .max(ALARM_KEY_MAX_LENGTH, msg('alarms.textTooLong', { max: ALARM_KEY_MAX_LENGTH })),
  status: z.enum(ALARM_STATUSES, msg('alarms.status')),
  severity: z
    .string()
    .trim()
    .max(ALARM_SEVERITY_MAX_LENGTH, msg('alarms.textTooLong', { max: ALARM_SEVERITY_MAX_LENGTH }))
    .optional(),
  summary: z
    .string(msg('alarms.summaryRequired'))
    .trim()
    .min(1, msg('alarms.summaryRequired'))
    .max(ALARM_SUMMARY_MAX_LENGTH, msg('alarms.textTooLong', { max: ALARM_SUMMARY_MAX_LENGTH })),
  labels: alarmLabelsSchema.default({}),
  starts_at: timestampText.optional(),
  ends_at: timestampText.optional(),
});
export type GenericAlarm = z.infer<typeof genericAlarmSchema>;

/** POST /alarms/generic. */
export const genericAlarmsBodySchema = z.strictObject({ alarms: alarmCountSchema(genericAlarmSchema) });
export type GenericAlarmsBody = z.infer<typeof genericAlarmsBodySchema>;

/** The reply to a delivery: what it changed. */
export const alarmIntakeReplySchema = z.object({
  data: z.object({
    received: z.number().int(),
    /** Alarms seen for the first time, or firing again after a recovery. */
    firing: z.number().int(),
    resolved: z.number().int(),
    /** Repeats that only moved `last_seen`. */
    repeated: z.number().int(),
    unrouted: z.number().int(),
    /** Incidents this delivery opened, and those it joined alarms to. */
    opened_incident_ids: z.array(z.number().int()),
    joined_incident_ids: z.array(z.number().int()),
  }),
});
export type AlarmIntakeReply = z.infer<typeof alarmIntakeReplySchema>;

/** An alarm as staff read it. Labels are text, never markup. */
export const alarmSchema = z.object({
  id: z.string(),
  key: z.string(),
  source: z.string(),
  status: z.enum(ALARM_STATUSES),
  severity: z.string().nullable(),
  summary: z.string(),
  labels: z.record(z.string(), z.string()),
  first_seen: z.string(),
  last_seen: z.string(),
  resolved_at: z.string().nullable(),
  incident_id: z.number().int().nullable(),
  incident_title: z.string().nullable(),
  /** The rule that routed it; null: unrouted. */
  rule_id: z.string().nullable(),
  rule_name: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

/** What GET /alarms lists: firing now, every alarm by last seen, or firing ones no rule matched. */
export const ALARM_VIEWS = ['firing', 'recent', 'unrouted'] as const;
export type AlarmView = (typeof ALARM_VIEWS)[number];

/** GET /alarms?view=&page= (staff), newest last seen first, 20 a page. */
export const alarmListQuerySchema = z.object({
  view: optionalQuery(z.enum(ALARM_VIEWS, msg('alarms.view'))).transform((value) => value ?? 'firing'),
  page: pageNumberQuery(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuerySchema>;

export const alarmListReplySchema = z.object({ data: z.array(alarmSchema), ...pageReplyFields });
export type AlarmListReply = z.infer<typeof alarmListReplySchema>;

/** One delivery as the screen's log shows it (the last 200 are kept). */
export const alarmDeliverySchema = z.object({
  id: z.number().int(),
  received_at: z.string(),
  source: z.string(),
  client_name: z.string().nullable(),
  alarms: z.number().int(),
  firing: z.number().int(),
  resolved: z.number().int(),
});
export type AlarmDelivery = z.infer<typeof alarmDeliverySchema>;

/** GET /alarms/deliveries?page= (staff). */
export const alarmDeliveryListQuerySchema = z.object({ page: pageNumberQuery() });
export const alarmDeliveryListReplySchema = z.object({ data: z.array(alarmDeliverySchema), ...pageReplyFields });
export type AlarmDeliveryListReply = z.infer<typeof alarmDeliveryListReplySchema>;

// ---- Routing rules (admins) ----

export const ALARM_RULES_MAX = 200;
export const ALARM_RULE_NAME_MAX_LENGTH = 80;
export const ALARM_RULE_MATCHERS_MAX = 10;
export const ALARM_MATCHER_VALUE_MAX_LENGTH = 256;
export const ALARM_RULE_AREAS_MAX = 50;

/** `=` matches the whole value; `=~` matches the whole value against a regular expression (RE2 syntax). */
export const ALARM_MATCHER_OPS = ['=', '=~'] as const;
export type AlarmMatcherOp = (typeof ALARM_MATCHER_OPS)[number];

/**
 * Constructs RE2 does not have (lookaround, backreferences): refused when a rule is saved. The
 * server compiles every expression with a linear-time engine too, so what passes here but not
 * there is refused the same way.
 */
const NOT_RE2 = /\(\?<?[=!]|\\[1-9]|\\k</;

export const alarmMatcherSchema = z
  .strictObject({
    name: z
      .string(msg('alarms.matcherName'))
      .trim()
      .max(ALARM_LABEL_NAME_MAX_LENGTH, msg('alarms.matcherName'))
      .regex(ALARM_LABEL_NAME_PATTERN, msg('alarms.matcherName')),
    op: z.enum(ALARM_MATCHER_OPS, msg('alarms.matcherOp')),
    value: z
      .string(msg('alarms.matcherValue', { max: ALARM_MATCHER_VALUE_MAX_LENGTH }))
      .max(ALARM_MATCHER_VALUE_MAX_LENGTH, msg('alarms.matcherValue', { max: ALARM_MATCHER_VALUE_MAX_LENGTH })),
  })
  .refine((matcher) => matcher.op !== '=~' || !NOT_RE2.test(matcher.value), {
    message: msg('alarms.matcherRegex'),
    path: ['value'],
  });
export type AlarmMatcher = z.infer<typeof alarmMatcherSchema>;

const ruleFields = {
  name: z
    .string(msg('alarms.ruleNameRequired'))
    .trim()
    .min(1, msg('alarms.ruleNameRequired'))
    .max(ALARM_RULE_NAME_MAX_LENGTH, msg('alarms.textTooLong', { max: ALARM_RULE_NAME_MAX_LENGTH })),
  /** All must match; none matches every alarm (a catch-all at the end of the list). */
  matchers: z
    .array(alarmMatcherSchema)
    .max(ALARM_RULE_MATCHERS_MAX, msg('alarms.tooManyMatchers', { max: ALARM_RULE_MATCHERS_MAX })),
  group_id: uuidSchema,
  sub_group_id: uuidSchema.nullable(),
  area_codes: z
    .array(z.string().trim().regex(AREA_CODE_PATTERN, msg('alarms.areaCode')))
    .max(ALARM_RULE_AREAS_MAX, msg('alarms.tooManyAreas', { max: ALARM_RULE_AREAS_MAX }))
    .refine((codes) => new Set(codes).size === codes.length, msg('alarms.areaCode')),
  /** The incident's public note; `{summary}`, `{severity}` and `{labels.NAME}` are filled in as plain text. */
  public_note_template: multilineText({
    max: INCIDENT_PUBLIC_NOTE_MAX_LENGTH,
    tooLong: msg('alarms.textTooLong', { max: INCIDENT_PUBLIC_NOTE_MAX_LENGTH }),
  }),
  /** What the tickets are told when the network recovers (auto-resolve) or what staff are offered. */
  restoration_message: multilineText({
    max: COMMENT_MAX_LENGTH,
    tooLong: msg('alarms.textTooLong', { max: COMMENT_MAX_LENGTH }),
  }),
  auto_resolve: z.boolean(msg('alarms.autoResolve')),
};

/** POST /alarm-rules: added at the end of the order. Auto-resolve needs a restoration message. */
export const alarmRuleCreateSchema = z
  .strictObject({
    ...ruleFields,
    matchers: ruleFields.matchers.default([]),
    sub_group_id: ruleFields.sub_group_id.default(null),
    area_codes: ruleFields.area_codes.default([]),
    public_note_template: ruleFields.public_note_template.default(''),
    restoration_message: ruleFields.restoration_message.default(''),
    auto_resolve: ruleFields.auto_resolve.default(false),
  })
  .refine((rule) => !rule.auto_resolve || rule.restoration_message.length > 0, {
    message: msg('alarms.restorationRequired'),
    path: ['restoration_message'],
  });
export type AlarmRuleCreate = z.infer<typeof alarmRuleCreateSchema>;
export type AlarmRuleCreateInput = z.input<typeof alarmRuleCreateSchema>;

/** PATCH /alarm-rules/{id}: the fields sent change; the result must still hold (auto-resolve needs a message). */
export const alarmRuleUpdateSchema = z
  .strictObject({
    name: ruleFields.name.optional(),
    matchers: ruleFields.matchers.optional(),
    group_id: ruleFields.group_id.optional(),
    sub_group_id: ruleFields.sub_group_id.optional(),
    area_codes: ruleFields.area_codes.optional(),
    public_note_template: ruleFields.public_note_template.optional(),
    restoration_message: ruleFields.restoration_message.optional(),
    auto_resolve: ruleFields.auto_resolve.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: msg('alarms.nothingToChange'), path: ['name'] });
export type AlarmRuleUpdate = z.infer<typeof alarmRuleUpdateSchema>;

/** PUT /alarm-rules/order: every rule's id, once, in the new order (first match wins). */
export const alarmRuleOrderSchema = z.strictObject({
  ids: z
    .array(uuidSchema)
    .max(ALARM_RULES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, msg('alarms.order')),
});
export type AlarmRuleOrder = z.infer<typeof alarmRuleOrderSchema>;

export const alarmRuleSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  matchers: z.array(z.object({ name: z.string(), op: z.enum(ALARM_MATCHER_OPS), value: z.string() })),
  group_id: z.string(),
  group_name: z.string().nullable(),
  sub_group_id: z.string().nullable(),
  sub_group_name: z.string().nullable(),
  area_codes: z.array(z.string()),
  public_note_template: z.string(),
  restoration_message: z.string(),
  auto_resolve: z.boolean(),
  updated_at: z.string(),
});
export type AlarmRule = z.infer<typeof alarmRuleSchema>;

export const alarmRuleParamsSchema = z.object({ id: uuidSchema });
export const alarmRuleReplySchema = z.object({ data: alarmRuleSchema });
/** GET /alarm-rules (admins): every rule, in order (at most 200). */
export const alarmRuleListReplySchema = z.object({ data: z.array(alarmRuleSchema) });
export type AlarmRuleListReply = z.infer<typeof alarmRuleListReplySchema>;
