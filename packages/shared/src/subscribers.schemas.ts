/**
 * The subscriber directory (DESIGN.md §23): the provider's subscribers by number, filled from its
 * billing system, and the areas an outage affects.
 */
import { z } from 'zod';
import { AREA_CODE_PATTERN, SUBSCRIBER_STATUSES } from './constants.ts';
import { LANGUAGES } from './languages.ts';
import { msg } from './messages.ts';
import { STORED_PHONE_NUMBER, storedNumberPrefix } from './numbers.ts';
import { optionalQuery, pageNumberQuery, pageReplyFields, uuidSchema } from './common.schemas.ts';

export const AREAS_MAX = 1000;
export const AREA_NAME_MAX_LENGTH = 80;
export const SUBSCRIBER_NAME_MAX_LENGTH = 120;
export const SUBSCRIBER_PLAN_MAX_LENGTH = 60;
export const SUBSCRIBER_EXTERNAL_ID_MAX_LENGTH = 64;
/** An import's file at most: a million subscribers' rows fit in about 60 MB. */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 128 * 1024 * 1024;
/** Refused rows an import's report names (the count is always exact). */
export const SUBSCRIBER_IMPORT_REFUSED_SHOWN = 1000;
/** The header an import's CSV starts with; `language` may be left out (then bn). */
export const SUBSCRIBER_IMPORT_COLUMNS = ['number', 'name', 'area', 'plan', 'status', 'language'] as const;
export const SUBSCRIBERS_PAGE_SIZE = 20;
export const SUBSCRIBER_SEARCH_MAX_LENGTH = 60;

/**
 * A cell a spreadsheet would run as a formula (`=cmd|…`, `+1+1`, `-2+3`, `@SUM(…)`): refused on
 * import, so nothing the billing system sends can become one in a report.
 */
export const FORMULA_LIKE = /^[=+\-@\t\r]/;

const plainText = (max: number, required: Parameters<typeof msg>[0]) =>
  z
    .string(msg(required))
    .trim()
    .min(1, msg(required))
    .max(max, msg('subscribers.textTooLong', { max }))
    .refine((text) => !FORMULA_LIKE.test(text), msg('subscribers.formula'));

/** A subscriber's number as typed (`01712…`, `8801712…`, `+8801712…`), stored `88…`. */
export const subscriberNumberSchema = z
  .string(msg('subscribers.number'))
  .trim()
  .transform(storedNumberPrefix)
  .pipe(z.string().regex(STORED_PHONE_NUMBER, msg('subscribers.number')));

export const areaCodeSchema = z.string(msg('subscribers.areaCode')).trim().regex(AREA_CODE_PATTERN, msg('subscribers.areaCode'));

// ---- Areas (admins) ----

const areaFields = {
  name_en: plainText(AREA_NAME_MAX_LENGTH, 'subscribers.areaNameRequired'),
  name_bn: plainText(AREA_NAME_MAX_LENGTH, 'subscribers.areaNameRequired'),
  /** The department's group and subgroup the area's faults usually belong to; offered when an incident is opened. */
  group_id: uuidSchema.nullable(),
  sub_group_id: uuidSchema.nullable(),
};

/** POST /areas. A subgroup needs its group. */
export const areaCreateSchema = z
  .strictObject({
    code: areaCodeSchema,
    ...areaFields,
    group_id: areaFields.group_id.default(null),
    sub_group_id: areaFields.sub_group_id.default(null),
  })
  .refine((area) => !area.sub_group_id || area.group_id, { message: msg('subscribers.groupOfSubgroup'), path: ['group_id'] });
export type AreaCreate = z.infer<typeof areaCreateSchema>;
export type AreaCreateInput = z.input<typeof areaCreateSchema>;

/** PATCH /areas/{code}: the fields sent change; the code never does (incidents and subscribers name it). */
export const areaUpdateSchema = z
  .strictObject({
    name_en: areaFields.name_en.optional(),
    name_bn: areaFields.name_bn.optional(),
    group_id: areaFields.group_id.optional(),
    sub_group_id: areaFields.sub_group_id.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: msg('subscribers.nothingToChange'), path: ['name_en'] });
export type AreaUpdate = z.infer<typeof areaUpdateSchema>;

export const areaParamsSchema = z.object({ code: areaCodeSchema });

export const areaSchema = z.object({
  code: z.string(),
  name_en: z.string(),
  name_bn: z.string(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  sub_group_id: z.string().nullable(),
  sub_group_name: z.string().nullable(),
  subscriber_count: z.number().int(),
});
export type Area = z.infer<typeof areaSchema>;
/** GET /areas: every area (at most AREAS_MAX), by code; staff read it to choose an incident's areas. */
export const areaListReplySchema = z.object({ data: z.array(areaSchema) });
export type AreaListReply = z.infer<typeof areaListReplySchema>;
export const areaReplySchema = z.object({ message: z.string(), data: areaSchema });
export type AreaReply = z.infer<typeof areaReplySchema>;

// ---- Subscribers ----

/**
 * One subscriber as the billing system describes it: the body of PUT /subscribers/{number} and each
 * row of an import (the CSV's `area` column is `area_code`). The area must exist.
 */
export const subscriberFieldsSchema = z.strictObject({
  name: plainText(SUBSCRIBER_NAME_MAX_LENGTH, 'subscribers.nameRequired'),
  area_code: areaCodeSchema,
  plan: plainText(SUBSCRIBER_PLAN_MAX_LENGTH, 'subscribers.planRequired'),
  status: z.enum(SUBSCRIBER_STATUSES, msg('subscribers.status')),
  language: z.enum(LANGUAGES, msg('subscribers.language')).default('bn'),
  external_id: z
    .string()
    .trim()
    .max(SUBSCRIBER_EXTERNAL_ID_MAX_LENGTH, msg('subscribers.textTooLong', { max: SUBSCRIBER_EXTERNAL_ID_MAX_LENGTH }))
    .nullish(),
});
export type SubscriberFields = z.infer<typeof subscriberFieldsSchema>;
export type SubscriberFieldsInput = z.input<typeof subscriberFieldsSchema>;

export const subscriberParamsSchema = z.object({ number: subscriberNumberSchema });

export const subscriberSchema = z.object({
  number: z.string(),
  name: z.string(),
  area_code: z.string(),
  area_name_en: z.string().nullable(),
  area_name_bn: z.string().nullable(),
  plan: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  language: z.enum(LANGUAGES),
  external_id: z.string().nullable(),
  /** Broadcasts are not sent to it (STOP, DESIGN.md §24). */
  opted_out_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscriberReplySchema = z.object({ message: z.string(), data: subscriberSchema });
export type SubscriberReply = z.infer<typeof subscriberReplySchema>;

/** GET /subscribers?q=&area=&page= (admins): part of a number or name, newest change first. */
export const subscriberListQuerySchema = z.object({
  q: optionalQuery(
    z
      .string()
      .trim()
      .max(SUBSCRIBER_SEARCH_MAX_LENGTH, msg('subscribers.textTooLong', { max: SUBSCRIBER_SEARCH_MAX_LENGTH })),
  ),
  area: optionalQuery(areaCodeSchema),
  page: pageNumberQuery(),
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;
export const subscriberListReplySchema = z.object({ data: z.array(subscriberSchema), ...pageReplyFields });
export type SubscriberListReply = z.infer<typeof subscriberListReplySchema>;

/**
 * GET /subscribers/{number}/card (staff): what the ticket view and the create form show beside a
 * number; `data` is null for a number the directory does not know.
 */
export const subscriberCardSchema = subscriberSchema
  .pick({ number: true, name: true, area_code: true, area_name_en: true, area_name_bn: true, plan: true, status: true })
  .extend({
    /** The active incident of its area, if any. */
    active_incident: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  });
export type SubscriberCard = z.infer<typeof subscriberCardSchema>;
export const subscriberCardReplySchema = z.object({ data: subscriberCardSchema.nullable() });
export type SubscriberCardReply = z.infer<typeof subscriberCardReplySchema>;

/** One row an import refused: its line in the file (the header is line 1) and why. */
export const refusedRowSchema = z.object({ line: z.number().int(), reason: z.string() });
export type RefusedRow = z.infer<typeof refusedRowSchema>;

/**
 * The reply of POST /subscribers/import (a `text/csv` body, streamed): rows read, stored (new or
 * changed), refused (the first SUBSCRIBER_IMPORT_REFUSED_SHOWN named). Rows are stored in batches as
 * they arrive; a refused row stores nothing of itself and stops nothing else.
 */
export const subscriberImportReplySchema = z.object({
  message: z.string(),
  data: z.object({
    read: z.number().int(),
    stored: z.number().int(),
    refused: z.number().int(),
    refused_rows: z.array(refusedRowSchema),
  }),
});
export type SubscriberImportReply = z.infer<typeof subscriberImportReplySchema>;
