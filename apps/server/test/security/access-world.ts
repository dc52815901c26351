/**
 * The world the access matrix's requests run in (its callers and standing tickets), and the small
 * builders the requests share.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { departmentOf, type Department } from '@switchboard/shared';
import type { Config } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import type { TicketRow } from '../../src/modules/tickets/tickets.repository.ts';
import { buildGroup, buildTicket } from '../ticket-factories.ts';
import { buildCallers, type Caller, type CallerName } from './callers.ts';

export interface World {
  app: FastifyInstance;
  db: Db;
  config: Config;
  callers: Record<CallerName, Caller>;
  group: Awaited<ReturnType<typeof buildGroup>>;
  /** Issued by the `customer` caller; `otherCustomer` and the agent must not reach it. */
  customerTicket: TicketRow;
  /** Issued by the `agent` caller. */
  agentTicket: TicketRow;
  /** From the public form: nobody's but staff's. */
  publicTicket: TicketRow;
}

export type RequestOf = (caller: Caller, world: World) => Promise<InjectOptions>;

/** The callers and the standing tickets every request may use. */
export async function buildWorld(app: FastifyInstance, db: Db, config: Config): Promise<World> {
  const callers = await buildCallers(app, db, config);
  return {
    app,
    db,
    config,
    callers,
    group: await buildGroup(db, { name: 'Matrix home group' }),
    customerTicket: await buildTicket(db, callers.customer.user),
    agentTicket: await buildTicket(db, callers.agent.user, { issuerUserType: 'agent' }),
    publicTicket: await buildTicket(db, null, { clientEmail: 'client@example.com' }),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function call(method: Method, url: string, payload?: unknown) {
  return (caller: Caller): InjectOptions => ({
    method,
    url,
    headers: caller.headers,
    remoteAddress: caller.ip,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let sequence = 0;
export const unique = (base: string) => `${base} ${Date.now().toString(36)}-${++sequence}`;

/** The department a caller acts for; agents and customers stand next to cc, the default holder. */
export function ownDepartment(caller: Caller): Department {
  return (caller.user && departmentOf(caller.user.userType)) ?? 'cc';
}

/** A fresh open ticket of the customer, held by `issuedTo`. */
export function freshTicket(world: World, issuedTo: Department): Promise<TicketRow> {
  return buildTicket(world.db, world.callers.customer.user, { issuedTo, ticketStatus: 'open' });
}
