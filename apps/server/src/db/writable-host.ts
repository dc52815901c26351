/**
 * A pool on the host of DATABASE_URL's list that accepts writes, as libpq's
 * `target_session_attrs=read-write` picks it (DESIGN.md §29). node-postgres connects to one host:
 * here each new connection of the pool asks a HostSearch where to go. The search remembers the
 * host it found writable; a connection that finds it dead or read-only makes it forget that host,
 * and the next new connection asks every host again (at once; the first that answers writable wins).
 * A connection whose host died or turned read-only is dropped from the pool, never handed out again.
 */
import pg from 'pg';
import { needsHostSearch, parseDatabaseUrl, type DatabaseHost, type DatabaseUrl } from './database-url.ts';

/** SQLSTATE of a write refused by a read-only host (a standby, or a demoted primary). */
const READ_ONLY_SQL_TRANSACTION = '25006';
/** Fails with READ_ONLY_SQL_TRANSACTION on a host that accepts no writes; itself writes nothing. */
const READ_ONLY_CHECK = `do $$ begin
  if current_setting('transaction_read_only') = 'on' then
    raise exception 'the database accepts no writes' using errcode = '25006';
  end if;
end $$`;
/** SQLSTATE libpq's callers know for "could not connect" (sqlclient_unable_to_establish_sqlconnection). */
const UNABLE_TO_CONNECT = '08001';

/** A failure to find or keep a writable host: the error handler answers 503 for its code, as for a lost connection. */
function unableToConnect(message: string): Error {
  return Object.assign(new Error(message), { code: UNABLE_TO_CONNECT });
}

export interface HostSearchOptions {
  connectionTimeoutMillis: number;
  /** A host writes went to is forgotten: its other connections must go too (openPool). */
  onForgotten?: (host: DatabaseHost) => void;
  /** Told when writes move to another host or no host accepts them (server.ts logs it). */
  onChange?: (message: string) => void;
}

const nameOf = (host: DatabaseHost) => `${host.host}:${host.port}`;

/** Whether a connected client's session may write (libpq asks the same). */
async function acceptsWrites(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ transaction_read_only: string }>('show transaction_read_only');
  return rows[0]?.transaction_read_only === 'off';
}

export class HostSearch {
  #known: DatabaseHost | null = null;
  #searching: Promise<DatabaseHost> | null = null;
  #lastAnnounced = '';
  readonly url: DatabaseUrl;
  readonly options: HostSearchOptions;

  constructor(url: DatabaseUrl, options: HostSearchOptions) {
    this.url = url;
    this.options = options;
  }

  /** The host new connections go to: the one last found writable, or the result of a new search. */
  current(): Promise<DatabaseHost> {
    if (this.#known) return Promise.resolve(this.#known);
    this.#searching ??= this.#search().finally(() => (this.#searching = null));
    return this.#searching;
  }

  /** A connection found `host` dead or read-only: the next new connection searches again. */
  forget(host: DatabaseHost): void {
    if (!this.#known || nameOf(this.#known) !== nameOf(host)) return;
    this.#known = null;
    this.options.onForgotten?.(host);
  }

  async #search(): Promise<DatabaseHost> {
    // In the list's order, for the message.
    const failures: string[] = this.url.hosts.map(nameOf);
    const probes = this.url.hosts.map(async (host, index) => {
      const reason = await this.#probe(host);
      if (reason === null) return host;
      failures[index] = `${nameOf(host)} ${reason}`;
      throw new Error(reason);
    });
    try {
      const found = await Promise.any(probes);
      this.#known = found;
      this.#announce(`database: writes go to ${nameOf(found)}`);
      return found;
    } catch {
      const message = `database: no host of DATABASE_URL accepts writes (${failures.join('; ')})`;
      this.#announce(message);
      throw unableToConnect(message);
    }
  }

  /** null when `host` accepts writes (or any session will do), else why not. */
  async #probe(host: DatabaseHost): Promise<string | null> {
    const probe = new pg.Client({
      connectionString: this.url.urlOf(host),
      connectionTimeoutMillis: this.options.connectionTimeoutMillis,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      if (this.url.target === 'any') return null;
      return (await acceptsWrites(probe)) ? null : 'is read-only';
    } catch (error) {
      return `does not answer: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      await probe.end().catch(() => undefined);
    }
  }

  #announce(message: string): void {
    if (message === this.#lastAnnounced) return;
    this.#lastAnnounced = message;
    this.options.onChange?.(message);
  }
}

/** A client class for pg.Pool's `Client` option whose connections go where `search` says. */
export function clientFor(search: HostSearch): typeof pg.Client {
  return class WritableHostClient extends pg.Client {
    #host: DatabaseHost | null = null;

    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error | null, client?: pg.Client) => void): void;
    override connect(callback?: (error: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
      const connecting = this.#connectToWritable().then(() => this);
      if (!callback) return connecting;
      connecting.then(
        (client) => callback(null, client),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    async #connectToWritable(): Promise<void> {
      const host = await search.current();
      this.#host = host;
      this.host = host.host;
      this.port = host.port;
      // A host that dies while this connection is open is forgotten at once.
      this.on('error', () => search.forget(host));
      try {
        await super.connect();
        // The host may have turned read-only since the search: libpq checks every connection too.
        if (search.url.target === 'read-write' && !(await acceptsWrites(this)))
          throw unableToConnect(`${nameOf(host)} is read-only`);
      } catch (error) {
        search.forget(host);
        await this.end().catch(() => undefined);
        throw error;
      }
    }

    // The pool calls query with a callback, drizzle without: a refused write is noticed either way.
    override query(...args: unknown[]): never {
      const query = super.query.bind(this) as (...queryArgs: unknown[]) => unknown;
      const last = args.at(-1);
      if (typeof last === 'function') {
        const callback = (error: Error | null, result: unknown) => {
          this.#notice(error);
          (last as (error: Error | null, result: unknown) => void)(error, result);
        };
        return query(...args.slice(0, -1), callback) as never;
      }
      const result = query(...args);
      if (!(result instanceof Promise)) return result as never;
      return result.catch((error: unknown) => {
        this.#notice(error);
        throw error;
      }) as never;
    }

    /** A write refused as read-only: the host was demoted; end this connection so the pool drops it. */
    #notice(error: unknown): void {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== READ_ONLY_SQL_TRANSACTION || !this.#host) return;
      search.forget(this.#host);
      void this.end().catch(() => undefined);
    }
  };
}

export interface PoolOptions {
  max: number;
  connectionTimeoutMillis: number;
  /** PostgreSQL cancels any statement of the pool's connections after this long (their statement_timeout). */
  statementTimeoutMs?: number;
  onChange?: (message: string) => void;
}

/**
 * Drops every connection of a forgotten host: an idle one at once (the pool removes a client that
 * reports an error while idle), one in use when it is given back. Without this each connection
 * left on a demoted host would fail one request of its own before the pool let go of it.
 */
function retireConnections(pool: pg.Pool): (host: DatabaseHost) => void {
  const inUse = new Set<pg.PoolClient>();
  const retiring = new Set<pg.PoolClient>();
  const live = new Set<pg.PoolClient>();
  // The pool reports the error of an idle client it removes; that one is on purpose.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => live.add(client));
  pool.on('remove', (client) => [live, inUse, retiring].forEach((set) => set.delete(client)));
  pool.on('acquire', (client) => inUse.add(client));
  // Emitted before the pool decides whether to keep the client: an ending client is dropped.
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    inUse.delete(client);
    if (retiring.has(client)) void (client as unknown as pg.Client).end().catch(() => undefined);
  });
  return (host) => {
    for (const client of live) {
      const { host: name, port } = client as unknown as pg.Client;
      if (name !== host.host || port !== host.port) continue;
      if (inUse.has(client)) retiring.add(client);
      else client.emit('error', unableToConnect(`${nameOf(host)} no longer accepts writes`));
    }
  };
}

export interface OpenedPool {
  pool: pg.Pool;
  /** Throws unless the database answers (and, when the URL asks for it, accepts writes): readiness. */
  ping: () => Promise<void>;
}

/**
 * The pool of DATABASE_URL: one host without target_session_attrs is node-postgres' own pool as
 * ever; several hosts (or read-write asked for) get a pool on the writable host.
 */
export function openPool(connectionString: string, options: PoolOptions): OpenedPool {
  const url = parseDatabaseUrl(connectionString);
  const common = {
    max: options.max,
    connectionTimeoutMillis: options.connectionTimeoutMillis,
    ...(options.statementTimeoutMs === undefined ? {} : { statement_timeout: options.statementTimeoutMs }),
  };
  if (!needsHostSearch(url)) {
    const pool = new pg.Pool({ connectionString, ...common });
    return { pool, ping: async () => void (await pool.query('select 1')) };
  }
  const [first] = url.hosts;
  if (!first) throw new Error('DATABASE_URL names no host');
  const search = new HostSearch(url, { ...options, onForgotten: (host) => retire(host) });
  const pool = new pg.Pool({ connectionString: url.urlOf(first), ...common, Client: clientFor(search) });
  const retire = retireConnections(pool);
  // A read-only host fails readiness as a refused write does: the connection is dropped and the
  // host forgotten (the client's #notice), so the next check searches again.
  const ping = async () => {
    if (url.target === 'any') return void (await pool.query('select 1'));
    await pool.query(READ_ONLY_CHECK);
  };
  return { pool, ping };
}
