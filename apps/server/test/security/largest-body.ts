/**
 * The largest body a route's schema lets through, in bytes of JSON, read from the route's
 * documented JSON Schema: every optional field present, every string at its longest in characters
 * of three UTF-8 bytes (Bangla), every array full; strings the server itself issued (a bot-check
 * solution, the link of an upload) are ASCII. Text whose limit the JSON Schema cannot show
 * (the normalised text helpers check it after trimming) is given its limit by field name here; a
 * string with no known limit is reported, so a new field cannot slip by unmeasured.
 */
import {
  BROADCAST_MESSAGE_MAX_LENGTH,
  CANNED_REPLY_BODY_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  FORWARD_CAUSE_MAX_LENGTH,
  INCIDENT_PUBLIC_NOTE_MAX_LENGTH,
  TAG_MAX_LENGTH,
  TAGS_PER_TICKET_MAX,
} from '@switchboard/shared';

/** Bytes of one character at its longest in UTF-8 as JSON.stringify writes it (U+0800…U+FFFF). */
export const BYTES_PER_CHARACTER = 3;

/** Limits of text fields that the JSON Schema does not show, by field name. */
export const TEXT_LIMITS: Record<string, number> = {
  description: DESCRIPTION_MAX_LENGTH,
  message: COMMENT_MAX_LENGTH,
  forward_cause: FORWARD_CAUSE_MAX_LENGTH,
  public_note: INCIDENT_PUBLIC_NOTE_MAX_LENGTH,
  resolution_message: COMMENT_MAX_LENGTH,
  // An alarm rule's (DESIGN.md §22): the note its incidents show, the message their recovery sends.
  public_note_template: INCIDENT_PUBLIC_NOTE_MAX_LENGTH,
  restoration_message: COMMENT_MAX_LENGTH,
  body_en: CANNED_REPLY_BODY_MAX_LENGTH,
  body_bn: CANNED_REPLY_BODY_MAX_LENGTH,
  // An outage broadcast's SMS in each language (DESIGN.md §23).
  message_en: BROADCAST_MESSAGE_MAX_LENGTH,
  message_bn: BROADCAST_MESSAGE_MAX_LENGTH,
  // An instant with offset and microseconds: 2026-11-26T16:00:00.000000+06:00.
  start_date: 32,
  end_date: 32,
  // A phone number as a person types it, spaces and a leading + included.
  user_phone_number: 32,
  // A working calendar's (DESIGN.md §26): an IANA zone (isTimeZone refuses a longer one), HH:MM,
  // a holiday's YYYY-MM-DD.
  timezone: 64,
  start: 5,
  end: 5,
  date: 10,
  // A ticket's tags (DESIGN.md §27), each normalised before its length is checked.
  tags: TAG_MAX_LENGTH,
};

/** Lengths of lists that the JSON Schema does not show (a list normalised after its length is checked), by field name. */
export const LIST_LIMITS: Record<string, number> = {
  tags: TAGS_PER_TICKET_MAX,
};

/** Fields whose strings the server issued: base64 and URLs, one byte a character. */
export const ASCII_FIELDS = new Set(['token', 'attachments']);

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/**
 * The longest match of a simple anchored pattern (`^880\d{10}$`, `^\d{1,16}$`): literals, escapes
 * and character classes, each with an optional `{n}`, `{n,m}` or `?`. Null for anything richer.
 */
export function longestMatch(pattern: string): number | null {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const token = /(\\.|\[(?:\\.|[^\]])*\]|[^\\[\](){}|*+?.])(\{(\d+)(?:,(\d+))?\}|\?)?/y;
  let length = 0;
  let at = 0;
  while (at < body.length) {
    token.lastIndex = at;
    const match = token.exec(body);
    if (!match) return null;
    const [whole, , quantifier, exactly, most] = match;
    length += quantifier === '?' ? 1 : quantifier ? Number(most ?? exactly) : 1;
    at += whole.length;
  }
  return length;
}

const lastName = (field: string) =>
  field
    .replace(/(\[\])+$/, '')
    .split('.')
    .pop() ?? field;
const stringBytes = (characters: number, field: string) =>
  2 + characters * (ASCII_FIELDS.has(lastName(field)) ? 1 : BYTES_PER_CHARACTER);

/** Bytes of the largest JSON value the schema accepts; `unmeasured` collects the fields without a limit. */
export function largestJson(schema: JsonSchema, field: string, unmeasured: string[]): number {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return Math.max(...options.map((option) => largestJson(option, field, unmeasured)));
  if (schema.allOf) return Math.max(...schema.allOf.map((part) => largestJson(part, field, unmeasured)));
  if (schema.enum) return Math.max(...schema.enum.map((value) => JSON.stringify(value).length));
  if (schema.const !== undefined) return JSON.stringify(schema.const).length;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) {
    if (schema.maxLength !== undefined) return stringBytes(schema.maxLength, field);
    // A UUID or a simple pattern (digits, a fixed prefix) is ASCII.
    if (schema.format === 'uuid') return 2 + 36;
    const fromPattern = schema.pattern ? longestMatch(schema.pattern) : null;
    if (fromPattern !== null) return 2 + fromPattern;
    const known = TEXT_LIMITS[lastName(field)];
    if (known !== undefined) return stringBytes(known, field);
    unmeasured.push(field);
    return 0;
  }
  if (types.includes('array')) {
    const maxItems = schema.maxItems ?? LIST_LIMITS[lastName(field)];
    if (maxItems === undefined) {
      unmeasured.push(`${field}[]`);
      return 0;
    }
    const item = schema.items ? largestJson(schema.items, `${field}[]`, unmeasured) : 0;
    return 2 + maxItems * (item + 1);
  }
  if (types.includes('object') || schema.properties) {
    if (schema.additionalProperties) unmeasured.push(`${field}{}`);
    const members = Object.entries(schema.properties ?? {}).map(
      ([name, property]) =>
        JSON.stringify(name).length + 1 + largestJson(property, field ? `${field}.${name}` : name, unmeasured),
    );
    return 2 + members.reduce((sum, size) => sum + size + 1, 0);
  }
  // A number (at most 24 characters as JSON), a boolean or null.
  return 24;
}
