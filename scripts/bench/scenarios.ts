/**
 * What the benchmark asks of the server: the ticket list with each filter and a realistic mix,
 * searches, the last page, a ticket by id, the forwarded list, writes and token validation.
 * Inputs come from the corpus itself (random existing ids and numbers), so caches are not flattered.
 */
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import type { Role, UserType } from '@switchboard/shared';
import { createTokenIssuer, type TokenIssuer } from '@switchboard/server/src/modules/auth/tokens.ts';
import type { HttpScenario } from './load.ts';

/** The list filters of spec §7 as the web client sends them. */
export type ListQuery = Partial<
  Record<
    | 'issuer_user_type'
    | 'group_id'
    | 'sub_group_id'
    | 'ticket_id'
    | 'issued_to'
    | 'status'
    | 'problematic_number'
    | 'start_date'
    | 'end_date'
    | 'q'
    | 'overdue'
    | 'priority'
    | 'tag'
    | 'sort'
    | 'order',
    string
  >
>;

export interface ListScenario {
  name: string;
  /** Who asks: staff see everything, a customer only their own tickets. */
  viewer: 'staff' | 'customer' | 'agent';
  /** A new query (and page) for every request. */
  next: () => { query: ListQuery; page: number };
}

export interface Viewer {
  id: string;
  token: string;
  productNumber: string;
}

export interface CorpusSample {
  staff: Viewer;
  customer: Viewer;
  /** Another customer, who issues the benchmark's new tickets (the first one's list stays as filled). */
  writer: Viewer;
  agent: Viewer;
  groupId: string;
  subGroupId: string;
  subGroupName: string;
  groupName: string;
  /** Problematic numbers of existing tickets. */
  numbers: string[];
  minTicketId: number;
  maxTicketId: number;
  /** The provider's calendar today, yyyy-MM-DD. */
  today: string;
}

const pickFrom = <T>(items: readonly T[]): T => {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

/** Words staff search for that many tickets hold: in titles, descriptions and comments. */
const COMMON_WORDS = ['refund', 'traceroute', 'OLT port', 'technician visit', 'router keeps', 'relocation'] as const;

function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** A corpus user's row, as a token names them. */
export interface CorpusUser {
  id: string;
  name: string;
  product_number: string;
  // The database holds both columns to these value sets (CHECK constraints).
  user_type: UserType;
  role: Role;
  token_version: number;
}

/** A session token of a corpus user, from the server's own issuer. */
export function tokenOf(tokens: TokenIssuer, user: CorpusUser): Promise<string> {
  const claims = { sub: user.id, ver: user.token_version, name: user.name, number: user.product_number };
  return tokens.sign({ ...claims, user_type: user.user_type, role: user.role });
}

/** Reads sample inputs from the corpus and mints tokens for its users with the server's own issuer. */
export async function sampleCorpus(pool: pg.Pool, jwtSecret: string, timezone = 'Asia/Dhaka'): Promise<CorpusSample> {
  const tokens = createTokenIssuer(jwtSecret, '1d');
  const viewer = async (userType: string, role?: string, skip = 0): Promise<Viewer> => {
    const { rows } = await pool.query<CorpusUser>(
      `select u.id, u.name, u.product_number, u.user_type, u.role, u.token_version from users u
       where u.user_type = $1 and ($2::text is null or u.role = $2) and u.deleted_at is null
         and ($1 in ('cc', 'rs', 'iptsp', 'oss_bss') or exists (select 1 from tickets t where t.issuer_user_id = u.id))
       order by u.product_number limit 1 offset $3`,
      [userType, role ?? null, skip],
    );
    const row = rows[0];
    if (!row) throw new Error(`the corpus has no ${userType} user`);
    return { id: row.id, token: await tokenOf(tokens, row), productNumber: row.product_number };
  };
  const group = await pool.query<{ group_id: string; group_name: string; sub_group_id: string; sub_group_name: string }>(
    `select g.id as group_id, g.group_name, s.id as sub_group_id, s.sub_group_en as sub_group_name
     from groups g join subgroups s on s.group_id = g.id
     where g.id = (select group_id from tickets where ticket_id = (select max(ticket_id) from tickets))
     order by s.sub_group_en limit 1`,
  );
  const numbers = await pool.query<{ problematic_number: string }>(
    'select problematic_number from tickets order by random() limit 2000',
  );
  const range = await pool.query<{ min: string; max: string; today: string }>(
    `select min(ticket_id) as min, max(ticket_id) as max, to_char(now() at time zone $1, 'YYYY-MM-DD') as today from tickets`,
    [timezone],
  );
  const groupRow = group.rows[0];
  const rangeRow = range.rows[0];
  if (!groupRow || !rangeRow || numbers.rows.length === 0) throw new Error('the corpus is empty');
  return {
    staff: await viewer('cc', 'admin'),
    customer: await viewer('customer'),
    writer: await viewer('customer', undefined, 1),
    agent: await viewer('agent'),
    groupId: groupRow.group_id,
    groupName: groupRow.group_name,
    subGroupId: groupRow.sub_group_id,
    subGroupName: groupRow.sub_group_name,
    numbers: numbers.rows.map((row) => row.problematic_number),
    minTicketId: Number(rangeRow.min),
    maxTicketId: Number(rangeRow.max),
    today: rangeRow.today,
  };
}

export function randomTicketId(sample: CorpusSample): number {
  return randomInt(sample.minTicketId, sample.maxTicketId + 1);
}

/** The list scenarios; `lastPage` is the last page of the unfiltered list (the spec's "last" control). */
export function listScenarios(sample: CorpusSample, lastPage: number): ListScenario[] {
  const fixed = (name: string, query: ListQuery, viewer: ListScenario['viewer'] = 'staff'): ListScenario => ({
    name,
    viewer,
    next: () => ({ query, page: 1 }),
  });
  // The web client sends what was typed after the fixed +88.
  const typedNumber = () => pickFrom(sample.numbers).slice(2);
  return [
    fixed('list: no filter', {}),
    fixed('list: status=open', { status: 'open' }),
    fixed('list: status=closed', { status: 'closed' }),
    fixed('list: issued_to=rs', { issued_to: 'rs' }),
    fixed('list: issuer_user_type=agent', { issuer_user_type: 'agent' }),
    fixed('list: group', { group_id: sample.groupId }),
    fixed('list: subgroup', { sub_group_id: sample.subGroupId }),
    fixed('list: overdue', { overdue: 'true' }),
    fixed('list: last 30 days', { start_date: daysBefore(sample.today, 30), end_date: sample.today }),
    fixed('list: one day a year ago', { start_date: daysBefore(sample.today, 365), end_date: daysBefore(sample.today, 365) }),
    fixed('list: combination', {
      issuer_user_type: 'customer',
      issued_to: 'cc',
      status: 'open',
      group_id: sample.groupId,
      start_date: daysBefore(sample.today, 90),
      end_date: sample.today,
    }),
    { name: 'list: number search', viewer: 'staff', next: () => ({ query: { problematic_number: typedNumber() }, page: 1 }) },
    {
      name: 'list: ticket id search',
      viewer: 'staff',
      next: () => ({ query: { ticket_id: String(randomTicketId(sample)) }, page: 1 }),
    },
    { name: 'list: page 2-5', viewer: 'staff', next: () => ({ query: {}, page: randomInt(2, 6) }) },
    { name: 'list: last page', viewer: 'staff', next: () => ({ query: {}, page: lastPage }) },
    fixed("list: a customer's own", {}, 'customer'),
    // Descriptions end in "Ref {ticket id}" (corpus-sql.ts): a word and a number that few tickets share.
    {
      name: 'list: text search',
      viewer: 'staff',
      next: () => ({ query: { q: `Ref ${randomTicketId(sample)}` }, page: 1 }),
    },
    {
      name: "list: text search, a customer's own",
      viewer: 'customer',
      next: () => ({ query: { q: `Ref ${randomTicketId(sample)}` }, page: 1 }),
    },
    // Words staff type, each in a title, a description or a comment of the corpus's pools (corpus-sql.ts):
    // one title in twelve, one description in six, one comment in ten (so most tickets hold one).
    {
      name: 'list: text search, a common word',
      viewer: 'staff',
      next: () => ({ query: { q: pickFrom(COMMON_WORDS) }, page: 1 }),
    },
    {
      name: "list: text search, a common word, a customer's own",
      viewer: 'customer',
      next: () => ({ query: { q: pickFrom(COMMON_WORDS) }, page: 1 }),
    },
    {
      name: "list: an agent's number search",
      viewer: 'agent',
      next: () => ({ query: { problematic_number: typedNumber() }, page: 1 }),
    },
    // The orders of DESIGN.md §30, each both ways, the working queue by each, and the priority filter.
    fixed('list: by priority', { sort: 'priority' }),
    fixed('list: by priority, lowest first', { sort: 'priority', order: 'asc' }),
    fixed('list: by last change', { sort: 'activity' }),
    fixed('list: by last change, oldest first', { sort: 'activity', order: 'asc' }),
    fixed('list: by due time', { sort: 'due', order: 'asc' }),
    fixed('list: by due time, latest first', { sort: 'due', order: 'desc' }),
    fixed('list: oldest first', { sort: 'created', order: 'asc' }),
    fixed('list: status=open by priority', { status: 'open', sort: 'priority' }),
    fixed('list: status=in_progress by last change', { status: 'in_progress', sort: 'activity', order: 'asc' }),
    fixed('list: status=open by due time', { status: 'open', sort: 'due', order: 'asc' }),
    fixed('list: issued_to=rs by priority', { issued_to: 'rs', sort: 'priority' }),
    fixed('list: priority=urgent', { priority: 'urgent' }),
    fixed('list: priority=urgent, status=open by due time', { priority: 'urgent', status: 'open', sort: 'due' }),
    // Tags (DESIGN.md §27): a common one, a rare one, and one with another filter.
    fixed('list: tag=billing', { tag: 'billing' }),
    fixed('list: tag=fibre cut', { tag: 'fibre cut' }),
    fixed('list: tag=onu swap, status=open', { tag: 'onu swap', status: 'open' }),
    {
      name: 'list: by priority, page 2-5',
      viewer: 'staff',
      next: () => ({ query: { sort: 'priority' }, page: randomInt(2, 6) }),
    },
    { name: 'list: by priority, last page', viewer: 'staff', next: () => ({ query: { sort: 'priority' }, page: lastPage }) },
    { name: 'list: by due time, last page', viewer: 'staff', next: () => ({ query: { sort: 'due' }, page: lastPage }) },
  ];
}

export function listPath(query: ListQuery, page: number): string {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const text = search.toString();
  return `/api/v1/tickets/user-type-wise-tickets/${page}${text ? `?${text}` : ''}`;
}

const bearer = (viewer: Viewer) => ({ authorization: `Bearer ${viewer.token}` });

export function httpListScenario(sample: CorpusSample, list: ListScenario): HttpScenario {
  return {
    name: list.name,
    method: 'GET',
    headers: bearer(sample[list.viewer]),
    next: () => {
      const { query, page } = list.next();
      return { path: listPath(query, page) };
    },
  };
}

/** The body of the n-th comment the benchmark adds: a staff note on a random ticket, every third one internal. */
export function addCommentBody(sample: CorpusSample, n: number) {
  return {
    ticket_id: randomTicketId(sample),
    message: `Checked the line again, note ${n}.`,
    is_internal: n % 3 === 0,
    wait_for_customer: false,
    attachments: [],
  };
}

/** The body of the n-th ticket the benchmark raises, as the add-ticket form sends it. */
export function createTicketBody(sample: CorpusSample, n: number) {
  return {
    title: `Internet disconnects every evening (${n})`,
    problematic_number: pickFrom(sample.numbers),
    description: 'The connection drops several times a day, mostly in the evening.',
    group_id: sample.groupId,
    group_name: sample.groupName,
    sub_group_id: sample.subGroupId,
    sub_group_name: sample.subGroupName,
    issuer_user_type: 'customer' as const,
    attachments: [],
  };
}

/** Every other endpoint of the budget. */
export function otherScenarios(sample: CorpusSample): HttpScenario[] {
  let counter = 0;
  return [
    {
      name: 'ticket by id',
      method: 'GET',
      headers: bearer(sample.staff),
      next: () => ({ path: `/api/v1/tickets/get-ticket-by-id/${randomTicketId(sample)}` }),
    },
    {
      name: 'forward-chain list',
      method: 'GET',
      headers: bearer(sample.staff),
      next: () => ({ path: '/api/v1/tickets/forward-chain-tickets/1' }),
    },
    {
      name: 'incident suggestions',
      method: 'GET',
      headers: bearer(sample.staff),
      next: () => ({ path: '/api/v1/incidents/suggestions' }),
    },
    {
      name: 'add comment',
      method: 'POST',
      headers: bearer(sample.staff),
      next: () => ({ path: '/api/v1/tickets/add-comment', body: addCommentBody(sample, (counter += 1)) }),
    },
    {
      name: 'create ticket',
      method: 'POST',
      headers: bearer(sample.writer),
      next: () => ({ path: '/api/v1/tickets/issue-ticket', body: createTicketBody(sample, (counter += 1)) }),
    },
    {
      name: 'validate-token',
      method: 'GET',
      headers: bearer(sample.staff),
      next: () => ({ path: '/api/v1/users/validate-token' }),
    },
  ];
}
