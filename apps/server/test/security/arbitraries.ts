/**
 * Request generators for the API fuzzer, read off each endpoint's OpenAPI schemas: values of the
 * right shape (drawn partly from ids that exist, so handlers are reached), the same values mutated
 * one field at a time, and plain hostility (wrong types, huge values, odd unicode, nulls, extra
 * fields, deep nesting, bodies that are not JSON at all).
 */
import fc from 'fast-check';
import { percentEncode, type Endpoint, type JsonSchema, type Parameter } from './endpoints.ts';
import { hostileValue, nastyString } from './hostile-values.ts';

/** Values that exist in the fuzzed database, by the field names that carry them. */
export interface Pools {
  ticketIds: number[];
  groupIds: string[];
  subgroupIds: string[];
  userIds: string[];
  productNumbers: string[];
  uploadUrls: string[];
  storageKeys: string[];
  reportLinks: string[];
  captchaTokens: string[];
}

export type FuzzBody = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

export interface FuzzRequest {
  path: Record<string, string>;
  /** The query string without `?` ('' for none). */
  query: string;
  body: FuzzBody;
  /** The client address (per-address limits must not turn every case into a 429). */
  ip: string;
}

function poolFor(name: string | undefined, schema: JsonSchema, pools: Pools): unknown[] {
  const integer = schema.type === 'integer' || schema.type === 'number';
  switch (name) {
    case 'ticket_id':
      return pools.ticketIds;
    case 'id':
      return integer ? pools.ticketIds : [...pools.groupIds, ...pools.userIds];
    case 'groupId':
    case 'group_id':
      return pools.groupIds;
    case 'subId':
    case 'sub_group_id':
      return pools.subgroupIds;
    case 'product_number':
    case 'user_phone_number':
    case 'number':
    case 'msisdn': // the SMS gateway's sender (SMS_INBOUND_FIELDS, DESIGN.md §24)
      return pools.productNumbers;
    case 'token':
      return pools.captchaTokens;
    case 'public_url':
      return pools.reportLinks;
    case '*':
      return pools.storageKeys;
    case 'attachments':
      return pools.uploadUrls;
    default:
      return [];
  }
}

/** An ISO instant with an offset, near today (reports take a period up to today). */
const isoInstant = fc
  .tuple(fc.integer({ min: -500, max: 3 }), fc.constantFrom('+06:00', '+00:00', 'Z', '-05:30'))
  .map(([days, offset]) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19)}${offset}`);

/** A calendar day near today, as the list filters take it. */
const calendarDay = fc
  .integer({ min: -800, max: 30 })
  .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));

/**
 * Fields whose schema in the document is looser than the route's own check (a refinement or a
 * transform does not survive into JSON Schema): values that pass it often enough to reach handlers.
 */
const NAMED: Record<string, fc.Arbitrary<unknown>> = {
  client_email: fc.emailAddress(),
  start_date: fc.oneof(isoInstant, calendarDay),
  end_date: fc.oneof(isoInstant, calendarDay),
  object_name: fc.constantFrom(
    'photo.png',
    'IMG_0001.JPG',
    'scan.jpeg',
    'a.gif',
    'b.webp',
    'drawing.svg',
    'page.html',
    'x.png.exe',
    '../../x.png',
    'noext',
  ),
};

/** A value of the schema's shape; `name` draws from the pool of values that exist. */
export function valueFor(schema: JsonSchema, pools: Pools, name?: string): fc.Arbitrary<unknown> {
  const pool = poolFor(name, schema, pools);
  const named = name === undefined ? undefined : NAMED[name];
  const shaped = named
    ? fc.oneof({ arbitrary: named, weight: 4 }, { arbitrary: shapedValueFor(schema, pools, name), weight: 1 })
    : shapedValueFor(schema, pools, name);
  if (pool.length === 0 || schema.type === 'array') return shaped;
  return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 3 }, { arbitrary: shaped, weight: 1 });
}

function shapedValueFor(schema: JsonSchema, pools: Pools, name?: string): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((variant) => valueFor(variant, pools, name)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], pools, name);
  const base = shapeOf(schema, pools, name);
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

function shapeOf(schema: JsonSchema, pools: Pools, name?: string): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectOf(schema, pools);
    case 'array': {
      const items = schema.items ? valueFor(schema.items, pools, name) : fc.anything();
      const some = fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 12, 12) });
      // Pooled items (uploads) are single use: mostly none, so that the rest of the body is what decides.
      return name === 'attachments' ? fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: some, weight: 1 }) : some;
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e9, -1e9), max: Math.min(schema.maximum ?? 1e9, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return isoInstant;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 300, 300);
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 4 },
    { arbitrary: fc.string({ minLength, maxLength: Math.max(minLength, 60), unit: 'binary' }), weight: 1 },
    { arbitrary: nastyString, weight: 2 },
    // Calendar days for the list filters (their schema says only "string").
    { arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)), weight: 1 },
  );
}

function objectOf(schema: JsonSchema, pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) shape[key] = valueFor(property, pools, key);
  return fc.record(shape, { requiredKeys: [...required].filter((key) => key in shape) });
}

/** A valid-looking object with one field broken: replaced, removed, or joined by strangers. */
function mutated(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(value, fc.nat(), hostileValue, fc.constantFrom('replace', 'remove', 'extra', 'proto', 'wrap'), fc.string())
    .map(([original, pick, hostile, how, extraKey]) => {
      if (original === null || typeof original !== 'object' || Array.isArray(original)) return hostile;
      const copy: Record<string, unknown> = { ...(original as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? keys[pick % keys.length] : undefined;
      if (how === 'replace' && key) copy[key] = hostile;
      else if (how === 'remove' && key) delete copy[key];
      else if (how === 'extra') copy[extraKey || 'extra'] = hostile;
      // An own property named __proto__: the body parser must refuse prototype poisoning.
      else if (how === 'proto') Object.defineProperty(copy, '__proto__', { value: { polluted: true }, enumerable: true });
      else return [copy];
      return copy;
    });
}

const RAW_BODIES: FuzzBody[] = [
  { kind: 'raw', text: '{"unterminated": ', contentType: 'application/json' },
  { kind: 'raw', text: 'null', contentType: 'application/json' },
  { kind: 'raw', text: '"just a string"', contentType: 'application/json' },
  { kind: 'raw', text: '\uFEFF{}', contentType: 'application/json' },
  { kind: 'raw', text: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' },
  { kind: 'raw', text: '{"a":1}', contentType: 'text/plain' },
  { kind: 'raw', text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  {
    kind: 'raw',
    text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    contentType: 'multipart/form-data; boundary=x',
  },
  { kind: 'raw', text: 'x'.repeat(1_200_000), contentType: 'application/json' },
];

function bodyFor(endpoint: Endpoint, pools: Pools): fc.Arbitrary<FuzzBody> {
  const raw = fc.constantFrom(...RAW_BODIES);
  if (!endpoint.body) {
    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      return fc.oneof({ arbitrary: fc.constant<FuzzBody>({ kind: 'none' }), weight: 8 }, { arbitrary: raw, weight: 1 });
    }
    return fc.oneof(
      fc.constant<FuzzBody>({ kind: 'none' }),
      raw,
      hostileValue.map((value): FuzzBody => ({ kind: 'json', value })),
    );
  }
  const valid = valueFor(endpoint.body, pools);
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): FuzzBody => ({ kind: 'json', value: v }));
  return fc.oneof(
    { arbitrary: json(valid), weight: 5 },
    { arbitrary: json(mutated(valid)), weight: 4 },
    { arbitrary: json(hostileValue), weight: 1 },
    { arbitrary: raw, weight: 1 },
  );
}

/** A path value that is not what the route wants. */
const hostilePathValue = fc.oneof(
  nastyString.filter((value) => value.length > 0 && value.length < 5000),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 50 }),
  fc.constantFrom('-1', '0', '1.5', '1e3', '0x10', '99999999999999999999999', ' 1', '%', '..', '.', '%00'),
);

function pathFor(params: Parameter[], pools: Pools): fc.Arbitrary<Record<string, string>> {
  const shape: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of params.filter((p) => p.in === 'path')) {
    const valid = valueFor(parameter.schema, pools, parameter.name).map(String);
    shape[parameter.name] = fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostilePathValue, weight: 1 });
  }
  return fc.record(shape);
}

const encode = (entries: [string, string][]) => entries.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');

function queryFor(params: Parameter[], pools: Pools): fc.Arbitrary<string> {
  const query = params.filter((p) => p.in === 'query');
  const entry = (parameter: Parameter) =>
    fc.oneof(
      { arbitrary: valueFor(parameter.schema, pools, parameter.name).map(String), weight: 4 },
      { arbitrary: hostileValue.map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))), weight: 1 },
    );
  const shaped = fc
    .tuple(...query.map((parameter) => fc.option(entry(parameter).map((value): [string, string] => [parameter.name, value]))))
    .map((entries) => encode(entries.filter((e): e is [string, string] => e !== null)));
  const odd = fc.constantFrom(
    '%zz',
    'a[b]=c',
    '__proto__[x]=1',
    'q=1&q=2',
    'status=open&status=closed',
    '&&&=',
    'x'.repeat(5000),
  );
  return fc.oneof({ arbitrary: shaped, weight: 6 }, { arbitrary: odd, weight: 1 }, { arbitrary: fc.constant(''), weight: 1 });
}

/** Every part of a request to `endpoint`. */
export function requestFor(endpoint: Endpoint, pools: Pools): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    path: pathFor(endpoint.params, pools),
    query: queryFor(endpoint.params, pools),
    body: bodyFor(endpoint, pools),
    ip: fc.ipV4(),
  });
}
