/**
 * The benchmark corpus as server-side SQL: every row is a pure function of its number (hashes of
 * `generate_series` values), so PostgreSQL fills millions of rows without a round trip per row and
 * the same scale always gives the same corpus.
 */

export interface CorpusSize {
  users: number;
  staff: number;
  agents: number;
  customers: number;
  tickets: number;
  comments: number;
  /** Distinct problematic numbers (a number has a few tickets, as in real life). */
  numbers: number;
}

export function corpusSize(scale: number): CorpusSize {
  const users = Math.max(1_000, Math.round(200_000 * scale));
  // Staff are counted in tens: forwarders are picked as "10·k + department offset".
  const staff = Math.max(100, Math.round(users / 100 / 10) * 10);
  const agents = Math.round(users / 10);
  return {
    users,
    staff,
    agents,
    customers: users - staff - agents,
    tickets: Math.max(1_000, Math.round(1_000_000 * scale)),
    comments: Math.max(5_000, Math.round(5_000_000 * scale)),
    numbers: Math.max(600, Math.round(600_000 * scale)),
  };
}

/**
 * A line with hundreds of tickets (a customer who calls every week, a shop's shared line): the
 * number's history must stay fast for it. Generated numbers start 88013–88019, so this one is only
 * the busy line's.
 */
export const BUSY_NUMBER = '8801200000000';

/** Every busyEvery-th ticket is on the busy line: 400 tickets at full scale, never under 200. */
export function busyEvery(size: CorpusSize): number {
  return Math.max(5, Math.floor(size.tickets / 400));
}

export const GROUP_NAMES = [
  'Internet Connectivity',
  'Billing & Payment',
  'IP Telephony',
  'Router & CPE',
  'New Connection',
  'Relocation',
  'Speed Complaint',
  'Email & Hosting',
  'Corporate Link',
  'Account & Number',
  'Value Added Services',
  'Network Outage',
] as const;

const SUBGROUPS: [bn: string, en: string][] = [
  ['সংযোগ বিচ্ছিন্ন', 'Connection drops'],
  ['ধীর গতি', 'Slow speed'],
  ['বিল সংশোধন', 'Bill correction'],
  ['পেমেন্ট আপডেট হয়নি', 'Payment not updated'],
  ['কল যাচ্ছে না', 'Calls fail'],
  ['নতুন আবেদন', 'New application'],
  ['যন্ত্র পরিবর্তন', 'Device replacement'],
];

/** Subgroups of group g (0-based): 3 to 7, so lists and pickers have some variety. */
const subgroupCount = (g: number) => 3 + (g % 5);

const TITLES = [
  'Internet disconnects every evening',
  'Speed far below the package',
  'Bill charged twice this month',
  'Payment made but line still suspended',
  'Cannot make outgoing IP calls',
  'Router keeps restarting',
  'New connection not activated',
  'Static IP stopped responding',
  'Email bouncing for the domain',
  'Relocation request pending for a week',
  'Packet loss to international sites',
  'Number shows as inactive',
];

const DESCRIPTIONS = [
  'The customer reports that the connection drops several times a day, mostly between 7 pm and 11 pm. The ONU lights look normal.',
  'Speed test shows 3 Mbps on a 20 Mbps package, tested over cable with the router restarted. The problem started after the area maintenance.',
  'The monthly bill shows the same package twice. The customer paid through the mobile wallet and has the transaction number.',
  'Calls to mobile numbers fail with a busy tone while calls to other IP numbers work. The SIP registration looks fine.',
  'The customer moved to a new flat in the same building and asks for the line to be shifted. The old connection is still billed.',
  'Websites abroad load slowly and video calls freeze. Traceroute shows loss after the second hop.',
];

const COMMENTS = [
  'Called the customer, the line is stable now. Please confirm.',
  'Checked the OLT port, signal is within range.',
  'Payment found in the gateway report, reactivation requested.',
  'Still the same problem today, please check again.',
  'Technician visit scheduled for tomorrow morning.',
  'Forwarding for a backbone check, customer informed.',
  'Thank you, it works now.',
  'Asked the customer for a screenshot of the speed test.',
  'The refund will be adjusted in the next bill.',
  'Escalated to the NOC, waiting for their reply.',
];

const CAUSES = [
  'Needs a field visit',
  'Billing adjustment required',
  'Backbone issue suspected',
  'Number provisioning needed',
  'Customer asked for a callback from sales',
];

const FIRST_NAMES = [
  'Rahim',
  'Karim',
  'Nusrat',
  'Farhana',
  'Tanvir',
  'Sadia',
  'Imran',
  'Mitu',
  'Arif',
  'Jannat',
  'Sakib',
  'Ruma',
];
const LAST_NAMES = ['Hossain', 'Ahmed', 'Islam', 'Rahman', 'Chowdhury', 'Akter', 'Khan', 'Sarkar', 'Das', 'Uddin'];

/** A SQL string literal. Only ever used on the constant texts above. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (items: readonly string[]) => `array[${items.map(literal).join(', ')}]`;
/** Picks an element of a constant array by a non-negative integer expression. */
const pick = (items: readonly string[], index: string) => `(${textArray(items)})[1 + (${index}) % ${items.length}]`;

/** A non-negative pseudo-random integer (30 bits) derived from an integer expression and a seed. */
const hash = (expr: string, seed: number) => `(hashint8extended((${expr})::bigint, ${seed}) & 1073741823)`;

/** A deterministic UUID with the version 4 and variant bits, so strict validators accept it. */
const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const userId = (u: string) => uuidOf(`'bench-user-' || (${u})`);
const groupId = (g: string) => uuidOf(`'bench-group-' || (${g})`);
const subgroupId = (g: string, s: string) => uuidOf(`'bench-subgroup-' || (${g}) || '-' || (${s})`);
/** 88096 + 8 digits; "2" first, so no benchmark number collides with the demo accounts (09638...). */
const productNumber = (u: string) => `'880962' || lpad((${u})::text, 7, '0')`;

/**
 * Users 1..staff are staff; u mod 10 chooses the department (0-3 cc, 4-5 rs, 6-7 iptsp, 8-9
 * oss_bss), so "10·k + offset" is a staff member of a known department. Then agents, then customers.
 */
function userType(size: CorpusSize, u: string): string {
  const staffType = pick(['cc', 'cc', 'cc', 'cc', 'rs', 'rs', 'iptsp', 'iptsp', 'oss_bss', 'oss_bss'], u);
  return `(case when (${u}) <= ${size.staff} then ${staffType} when (${u}) <= ${size.staff + size.agents} then 'agent' else 'customer' end)`;
}

function userName(size: CorpusSize, u: string): string {
  const person = `${pick(FIRST_NAMES, u)} || ' ' || ${pick(LAST_NAMES, `(${u}) / 12`)}`;
  return `(case when (${u}) <= ${size.staff + size.agents} then ${person} else 'Customer +880962' || lpad((${u})::text, 7, '0') end)`;
}

const DEPARTMENT_OFFSET: Record<string, number> = { cc: 0, rs: 4, iptsp: 6, 'oss-bss': 8 };

/** A staff member of the department held in the SQL expression `department`. */
function staffOf(size: CorpusSize, department: string, seedExpr: string): string {
  const offset = `(case ${department} ${Object.entries(DEPARTMENT_OFFSET)
    .map(([name, value]) => `when ${literal(name)} then ${value}`)
    .join(' ')} end)`;
  return `(10 * (1 + ${hash(seedExpr, 31)} % ${size.staff / 10 - 1}) + ${offset})`;
}

export function insertUsersSql(size: CorpusSize, startIso: string, spanSeconds: number): string {
  const roles = `(case when u <= 3 then 'admin' when u <= 20 then 'moderator' when u <= ${size.staff} and u % 3 = 0 then 'support' else 'user' end)`;
  return `
    insert into users (id, name, product_number, phone_number, user_type, role, created_at, updated_at)
    select ${userId('u')}, ${userName(size, 'u')}, ${productNumber('u')},
      '8801' || (3 + u % 7)::text || lpad(((u::bigint * 104729) % 100000000)::text, 8, '0'),
      ${userType(size, 'u')}, ${roles},
      timestamptz '${startIso}' + (${hash('u', 1)} % ${spanSeconds}) * interval '1 second',
      timestamptz '${startIso}' + (${hash('u', 1)} % ${spanSeconds}) * interval '1 second'
    from generate_series(1, ${size.users}) u`;
}

export function insertGroupsSql(startIso: string): string[] {
  const groups = GROUP_NAMES.map((name, g) => `(${groupId(String(g))}, ${literal(name)}, timestamptz '${startIso}')`);
  const subgroups = GROUP_NAMES.flatMap((name, g) =>
    Array.from({ length: subgroupCount(g) }, (_, s) => {
      const [bn, en] = SUBGROUPS[(g + s) % SUBGROUPS.length] ?? ['অন্যান্য', 'Other'];
      return `(${subgroupId(String(g), String(s))}, ${groupId(String(g))}, ${literal(bn)}, ${literal(en)}, timestamptz '${startIso}')`;
    }),
  );
  return [
    `insert into groups (id, group_name, created_at) values ${groups.join(', ')}`,
    `insert into subgroups (id, group_id, sub_group_bn, sub_group_en, created_at) values ${subgroups.join(', ')}`,
  ];
}

/** Columns every ticket derives from its number i (1-based); shared by the ticket and comment inserts. */
function ticketFacts(size: CorpusSize, i: string, startIso: string, spanSeconds: number) {
  const kind = `(${hash(i, 1)} % 100)`;
  const issuer = `(case when ${kind} < 35 then ${size.staff + 1} + ${hash(i, 2)} % ${size.agents} else ${size.staff + size.agents + 1} + ${hash(i, 2)} % ${size.customers} end)`;
  // Ticket ids grow with time, as identity values do.
  const createdAt = `(timestamptz '${startIso}' + ((${i}) - 1) * ${spanSeconds / size.tickets} * interval '1 second')`;
  return { isPublic: `(${kind} < 5)`, isAgent: `(${kind} >= 5 and ${kind} < 35)`, issuer, createdAt };
}

export function insertTicketsSql(size: CorpusSize, startIso: string, spanSeconds: number): string {
  const facts = ticketFacts(size, 'i', startIso, spanSeconds);
  // Popular groups get most tickets: the skew the group filter meets in real desks.
  const group = `least(${GROUP_NAMES.length - 1}, floor(${GROUP_NAMES.length} * power(${hash('i', 4)} / 1073741824.0, 1.6))::int)`;
  const recentFrom = size.tickets - Math.round((size.tickets * 30) / 1095);
  const r = (seed: number) => `(${hash('i', seed)} % 100)`;
  const status = `(case when i > ${recentFrom}
      then (case when ${r(8)} < 40 then 'open' when ${r(8)} < 70 then 'in_progress' else 'closed' end)
      else (case when ${r(8)} < 2 then 'open' when ${r(8)} < 5 then 'in_progress' else 'closed' end) end)`;
  const issuedTo = `(case when ${r(9)} < 55 then 'cc' when ${r(9)} < 70 then 'rs' when ${r(9)} < 85 then 'iptsp' else 'oss-bss' end)`;
  const p = `(${hash('i', 6)} % ${size.numbers})`;
  const number = `(case when i % ${busyEvery(size)} = 0 then '${BUSY_NUMBER}'
      else '8801' || (3 + ${p} % 7)::text || lpad(((${p} * 7919) % 100000000)::text, 8, '0') end)`;
  const attachment = `jsonb_build_array('attachments/' || to_char(t.created_at, 'YYYY/MM') || '/' || ${uuidOf(`'a' || t.i`)} || '.jpg')`;
  const counts = GROUP_NAMES.map((_, g) => subgroupCount(g)).join(', ');
  return `
    insert into tickets (ticket_id, title, description, problematic_number, issued_to, issuer_user_id, issuer_number,
      issuer_user_type, ticket_status, group_id, group_name, sub_group_id, sub_group_name, client_email, attachments,
      created_at, updated_at, resolved_at, priority)
    overriding system value
    select 100000 + i, t.title, t.description, t.number, t.issued_to,
      case when t.is_public then null else ${userId('t.issuer')} end,
      case when t.is_public then null else ${productNumber('t.issuer')} end,
      case when t.is_agent then 'agent' else 'customer' end,
      t.status, g.id, g.group_name, s.id, s.sub_group_en,
      case when t.is_public then 'client' || i || '@example.com' end,
      case when ${r(10)} < 10 then ${attachment} else '[]'::jsonb end,
      t.created_at, coalesce(t.resolved_at, t.created_at), t.resolved_at,
      -- Priorities (DESIGN.md §30): most tickets normal, one in twenty urgent.
      case when ${r(16)} < 15 then 'low' when ${r(16)} < 75 then 'normal' when ${r(16)} < 95 then 'high' else 'urgent' end
    from (
      select i, ${facts.isPublic} as is_public, ${facts.isAgent} as is_agent, ${facts.issuer} as issuer,
        ${facts.createdAt} as created_at, ${status} as status, ${issuedTo} as issued_to, ${number} as number,
        ${pick(TITLES, hash('i', 7))} as title,
        ${pick(DESCRIPTIONS, hash('i', 11))} || ' Ref ' || i as description,
        ${group} as g,
        case when ${status} = 'closed' then ${facts.createdAt} + (1 + ${hash('i', 12)} % 4320) * interval '1 minute' end as resolved_at
      from generate_series(1, ${size.tickets}) i
    ) t
    join groups g on g.id = ${groupId('t.g')}
    join subgroups s on s.id = ${subgroupId('t.g', `${hash('t.i', 5)} % (array[${counts}])[t.g + 1]`)}`;
}

export function insertCommentsSql(size: CorpusSize, startIso: string, spanSeconds: number): string {
  const facts = ticketFacts(size, 'x.i', startIso, spanSeconds);
  const r = `(${hash('x.n', 13)} % 100)`;
  const staff = `(1 + ${hash('x.n', 14)} % ${size.staff})`;
  // Public tickets have no issuer account: only staff answer them.
  const commenter = `(case when ${r} < 55 or ${facts.isPublic} then ${staff} else ${facts.issuer} end)`;
  return `
    insert into comments (ticket_id, commenter_user_id, commenter_name, commenter_user_type, message, is_internal,
      attachments, created_at)
    select 100000 + c.i, ${userId('c.u')}, ${userName(size, 'c.u')}, ${userType(size, 'c.u')},
      ${pick(COMMENTS, hash('c.n', 15))}, c.u <= ${size.staff} and c.r < 15,
      case when ${hash('c.n', 16)} % 20 = 0 then jsonb_build_array('attachments/2025/01/' || ${uuidOf(`'c' || c.n`)} || '.png') else '[]'::jsonb end,
      least(timestamptz '${startIso}' + interval '${spanSeconds - 60} seconds', c.ticket_created + (1 + ${hash('c.n', 12)} % 4320) * interval '1 minute')
    from (
      select x.n, x.i, ${r} as r, ${commenter} as u, ${facts.createdAt} as ticket_created
      from (select n, 1 + ${hash('n', 11)} % ${size.tickets} as i from generate_series(1, ${size.comments}) n) x
    ) c`;
}

/**
 * Tickets held outside cc were forwarded there (some through a middle department); a tenth of
 * those at cc went out and came back. So every holder matches the last event of its chain.
 */
export function insertForwardEventsSql(size: CorpusSize, startIso: string, spanSeconds: number): string {
  const fw = `(${hash('t.ticket_id', 21)} % 100)`;
  const others = `array['rs', 'iptsp', 'oss-bss']`;
  const chain = `(case
      when t.issued_to <> 'cc' and ${fw} < 20 then array['cc', (array_remove(${others}, t.issued_to))[1 + ${fw} % 2], t.issued_to]
      when t.issued_to <> 'cc' then array['cc', t.issued_to]
      when ${fw} < 10 then array['cc', (${others})[1 + ${fw} % 3], 'cc']
    end)`;
  const step = `(e.ticket_id * 4 + k)`;
  const forwarder = staffOf(size, 'e.chain[k - 1]', step);
  return `
    insert into forward_events (ticket_id, previously_issued_to, newly_issued_to, forward_cause, is_in_forward_loop,
      forwarded_by, forwarded_by_name, created_at)
    select e.ticket_id, e.chain[k - 1], e.chain[k], ${pick(CAUSES, hash(step, 23))}, ${hash(step, 22)} % 100 < 30,
      ${userId(forwarder)}, ${userName(size, forwarder)},
      least(e.filled_at, e.created_at + (k - 1) * interval '3 hours' + (${hash(step, 24)} % 120) * interval '1 minute')
    from (select t.ticket_id, t.created_at, timestamptz '${startIso}' + interval '${spanSeconds - 60} seconds' as filled_at, ${chain} as chain from tickets t) e
    cross join lateral generate_series(2, coalesce(array_length(e.chain, 1), 0)) k
    where e.chain is not null`;
}

/** Every solved ticket was resolved once, at its `resolved_at`, by customer support. */
export function insertStatusEventsSql(): string {
  return `
    insert into ticket_status_events (ticket_id, from_status, to_status, by_name, created_at)
    select ticket_id, 'in_progress', 'closed', 'customer support', resolved_at
    from tickets where ticket_status = 'closed' and resolved_at is not null`;
}

/**
 * Tags of a desk (DESIGN.md §27): one ticket in five about billing, one in fifty about an ONU swap,
 * one in five hundred about a fibre cut; the list's `tag=` scenarios read them.
 */
export function insertTagsSql(): string {
  return `
    insert into ticket_tags (ticket_id, tag, created_at)
    select ticket_id, tag.name, created_at
    from tickets, (values ('billing', 5, 31), ('onu swap', 50, 32), ('fibre cut', 500, 33)) tag(name, every, seed)
    where (hashint8extended(ticket_id, tag.seed) & 1073741823) % tag.every = 0`;
}
