/**
 * The app's own list of its endpoints, so that the access matrix, the fuzzer and the header checks
 * grow with the app: a route that lands without a row in their tables fails them. The list is the
 * OpenAPI document (built from the route schemas) plus the routes it hides on purpose; the router's
 * own printout is read as a cross-check, so that a newly hidden route cannot slip past either.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A JSON Schema as @fastify/swagger writes it (the subset the fuzzer reads). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Endpoint {
  method: HttpMethod;
  /** OpenAPI template: `/api/v1/users/{id}`. */
  path: string;
  /** `METHOD /path`: the row name in the tables of the security tests. */
  key: string;
  /** Whether the OpenAPI document describes it (hidden routes have no schema to read). */
  documented: boolean;
  /** Whether the document asks for a bearer token (`security: [{ bearer: [] }]`). */
  signedIn: boolean;
  body: JsonSchema | undefined;
  params: Parameter[];
  /** Whether its 200 is a stream that stays open (Server-Sent Events): see injectStreamAware. */
  stream: boolean;
}

/**
 * Routes the OpenAPI document leaves out on purpose: probes, the development outbox and the
 * document itself. The docs UI's static files are the swagger-ui package's own.
 */
export const HIDDEN_ENDPOINTS: readonly string[] = [
  'GET /healthz',
  'GET /readyz',
  'GET /api/v1/dev/outbox',
  'GET /api/docs/json',
];

/** Paths whose routes belong to the app (everything else the router holds is the SPA's static files or the docs UI). */
const APP_PATH = /^\/(api\/v1|storage|healthz|readyz)(\/|$)/;

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

function endpointKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** `/groups/{groupId}/{subId}`, `/groups/:id|:groupId/:subId` → `/groups/{}/{}`, to compare the two spellings. */
function shapeOf(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}').replace(/:[^/]+/g, '{}');
}

function hiddenEndpoint(key: string): Endpoint {
  const [method = 'GET', path = '/'] = key.split(' ');
  return {
    method: method as HttpMethod,
    path,
    key,
    documented: false,
    signedIn: false,
    body: undefined,
    params: [],
    stream: false,
  };
}

/** Every endpoint of the app, documented ones with their request schemas. */
export function listEndpoints(app: FastifyInstance): Endpoint[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const endpoints: Endpoint[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      endpoints.push({
        method: method.toUpperCase() as HttpMethod,
        path,
        key: endpointKey(method, path),
        documented: true,
        signedIn: (operation.security ?? []).some((requirement) => 'bearer' in requirement),
        body: operation.requestBody?.content?.['application/json']?.schema,
        params: operation.parameters ?? [],
        stream: 'text/event-stream' in (operation.responses?.['200']?.content ?? {}),
      });
    }
  }
  return [...endpoints, ...HIDDEN_ENDPOINTS.map(hiddenEndpoint)];
}

/**
 * Method + path shape of every app route in the router's printout (`commonPrefix: false` prints a
 * tree whose lines concatenate to full paths). HEAD is left out: Fastify adds it to every GET.
 */
export function routerEndpoints(app: FastifyInstance): string[] {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${match[2] ?? ''}`;
    stack.push(match[2] ?? '');
    if (!APP_PATH.test(path)) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') found.add(endpointKey(method, shapeOf(path)));
    }
  }
  return [...found].sort();
}

/** Router routes that the endpoint list lacks (a route hidden from the docs and from HIDDEN_ENDPOINTS). */
export function undocumentedRoutes(app: FastifyInstance, endpoints: Endpoint[]): string[] {
  const known = new Set(endpoints.map((endpoint) => endpointKey(endpoint.method, shapeOf(endpoint.path))));
  return routerEndpoints(app).filter((key) => !known.has(key));
}

/**
 * Percent-encodes the UTF-8 bytes of any string. Unlike encodeURIComponent it takes lone surrogates
 * too (as U+FFFD, which is what a client would send).
 */
export function percentEncode(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Fills an OpenAPI template: `/users/{id}` with `{ id: 'x' }` → `/users/x` (values encoded, `*` kept raw). */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name] ?? '';
    return name === '*' ? value : percentEncode(value);
  });
}

/**
 * Injects a request and reads its status and body. A stream's 200 never ends, so for a stream
 * endpoint the reply is read up to its headers and then dropped (the app ends the stream when it
 * closes); anything else, refusals of a stream endpoint included, is read whole.
 */
export async function injectStreamAware(
  app: FastifyInstance,
  endpoint: Pick<Endpoint, 'stream'> | undefined,
  options: InjectOptions,
): Promise<{ statusCode: number; headers: LightMyRequestResponse['headers']; body: string; json: <T>() => T }> {
  if (!endpoint?.stream) {
    const reply = await app.inject(options);
    return { statusCode: reply.statusCode, headers: reply.headers, body: reply.body, json: <T>() => reply.json<T>() };
  }
  const reply = await app.inject({ ...options, payloadAsStream: true });
  const stream = reply.stream();
  let body = '';
  if (reply.statusCode === 200) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return { statusCode: reply.statusCode, headers: reply.headers, body, json: <T>() => JSON.parse(body) as T };
}
