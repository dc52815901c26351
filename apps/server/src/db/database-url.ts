/**
 * DATABASE_URL as libpq writes it, with one host or several (`postgres://h1:5432,h2:5433/db`), and
 * libpq's `target_session_attrs` (DESIGN.md §29). node-postgres reads one host only: each host of
 * the list gets a URL of its own, the rest of the URL (user, database, parameters) unchanged.
 */

export interface DatabaseHost {
  host: string;
  port: number;
}

/** `read-write`: only a host that accepts writes will do; `any`: the first that answers. */
export type SessionTarget = 'any' | 'read-write';

export interface DatabaseUrl {
  /** Empty for a URL of one host that asks nothing more: node-postgres reads that one itself. */
  hosts: DatabaseHost[];
  target: SessionTarget;
  /** The URL of one host of the list, without target_session_attrs (which node-postgres does not know). */
  urlOf: (host: DatabaseHost) => string;
}

export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

const DEFAULT_PORT = 5432;
/** A comma in the part between `//` (or `user@`) and the path. */
const SEVERAL_HOSTS = /^[^:]+:\/\/(?:[^@/?#]*@)?[^/?#]*,/;
const SHAPE = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/;
/** libpq's names; `primary` is read-write's twin here (a host not in recovery accepts writes). */
const TARGETS: Record<string, SessionTarget> = { any: 'any', 'read-write': 'read-write', primary: 'read-write' };

/** `h1:5432` or `[::1]:5433`; the port defaults to 5432. */
function hostOf(text: string): DatabaseHost {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d*))?$/.exec(text.trim());
  if (!match?.[1]) throw new DatabaseUrlError(`"${text}" is not a host or host:port`);
  const port = match[2] ? Number(match[2]) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new DatabaseUrlError(`"${text}" has no port 1–65535`);
  return { host: match[1], port };
}

/** Parses a PostgreSQL URL of one or several hosts; throws DatabaseUrlError saying what is wrong. */
export function parseDatabaseUrl(url: string): DatabaseUrl {
  // One host and nothing asked of it: node-postgres reads it as ever (sockets, `?host=` included).
  if (!SEVERAL_HOSTS.test(url) && !url.includes('target_session_attrs')) return { hosts: [], target: 'any', urlOf: () => url };
  const match = SHAPE.exec(url.trim());
  if (!match) throw new DatabaseUrlError('must look like postgres://user@host:5432/db or postgres://user@h1:5432,h2:5432/db');
  const [, scheme = '', userInfo, hostList = '', pathname = '', search = ''] = match;
  if (hostList.trim() === '') throw new DatabaseUrlError('names no host');
  const hosts = hostList.split(',').map(hostOf);
  const params = new URLSearchParams(search.slice(1));
  const asked = params.get('target_session_attrs');
  params.delete('target_session_attrs');
  const target = asked === null ? (hosts.length > 1 ? 'read-write' : 'any') : TARGETS[asked];
  if (!target) throw new DatabaseUrlError(`target_session_attrs must be read-write or any, not "${asked}"`);
  const rest = `${pathname}${params.size > 0 ? `?${params.toString()}` : ''}`;
  const urlOf = (host: DatabaseHost) =>
    `${scheme}${userInfo === undefined ? '' : `${userInfo}@`}${host.host}:${host.port}${rest}`;
  for (const host of hosts) {
    if (!URL.canParse(urlOf(host))) throw new DatabaseUrlError(`is not a valid URL for host ${host.host}:${host.port}`);
  }
  return { hosts, target, urlOf };
}

/** Whether the URL asks for more than node-postgres does alone: several hosts, or a writable one. */
export function needsHostSearch(url: DatabaseUrl): boolean {
  return url.hosts.length > 0;
}
