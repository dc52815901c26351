/**
 * The corpus of the query-plan test at scale (scale.test.ts): tickets over three years with a real
 * desk's skew, their comments, forwards, ratings and tags, filled by SQL.
 */
import { hashOf as h, uuidOf } from './query-plans.ts';

export const TICKETS = 20_000;
export const USERS = 2_000;
export const GROUPS = 12;
export const SUBGROUPS_PER_GROUP = 4;
export const TIMEZONE = 'Asia/Dhaka';
/** A line with hundreds of tickets, each with comments: the number's history must stay bounded. */
export const BUSY_NUMBER = '8801999000111';
export const BUSY_TICKETS = 400;

/** Tickets over three years with the skew of a real desk: most closed, most held by cc. */
export const CORPUS = [
  `insert into groups (id, group_name) select ${uuidOf(`'g' || g`)}, 'Group ' || g from generate_series(0, ${GROUPS - 1}) g`,
  `insert into subgroups (id, group_id, sub_group_bn, sub_group_en)
   select ${uuidOf(`'s' || g || '-' || s`)}, ${uuidOf(`'g' || g`)}, 'উপদল ' || s, 'Subgroup ' || s
   from generate_series(0, ${GROUPS - 1}) g, generate_series(0, ${SUBGROUPS_PER_GROUP - 1}) s`,
  `insert into users (id, name, product_number, user_type, role)
   select ${uuidOf(`'u' || u`)}, 'User ' || u, '880962' || lpad(u::text, 7, '0'),
     case when u <= 100 then 'cc' when u <= 500 then 'agent' else 'customer' end, 'user'
   from generate_series(1, ${USERS}) u`,
  `insert into tickets (ticket_id, title, description, problematic_number, issued_to, issuer_user_id, issuer_number,
     issuer_user_type, ticket_status, group_id, group_name, sub_group_id, sub_group_name, created_at, updated_at, priority)
   overriding system value
   select 100000 + i, 'Ticket ' || i, 'Description of ticket ' || i,
     '8801' || (3 + ${h('i', 6)} % 7)::text || lpad((${h('i', 6)} % 100000000)::text, 8, '0'),
     (array['cc', 'cc', 'cc', 'rs', 'iptsp', 'oss-bss'])[1 + ${h('i', 3)} % 6],
     ${uuidOf(`'u' || (101 + ${h('i', 2)} % ${USERS - 100})`)}, '880962' || lpad((101 + ${h('i', 2)} % ${USERS - 100})::text, 7, '0'),
     case when 101 + ${h('i', 2)} % ${USERS - 100} <= 500 then 'agent' else 'customer' end,
     case when i > ${TICKETS - 600} then (array['open', 'in_progress', 'closed'])[1 + ${h('i', 8)} % 3]
          when ${h('i', 8)} % 100 < 3 then 'open' else 'closed' end,
     ${uuidOf(`'g' || (${h('i', 4)} % ${GROUPS})`)}, 'Group ' || (${h('i', 4)} % ${GROUPS}),
     ${uuidOf(`'s' || (${h('i', 4)} % ${GROUPS}) || '-' || (${h('i', 5)} % ${SUBGROUPS_PER_GROUP})`)},
     'Subgroup ' || (${h('i', 5)} % ${SUBGROUPS_PER_GROUP}),
     now() - interval '3 years' + i * interval '3 years' / ${TICKETS}, now(),
     -- Priorities of a real desk (DESIGN.md §30): mostly normal, a few urgent.
     (array['low', 'normal', 'normal', 'normal', 'normal', 'high', 'high', 'urgent'])[1 + ${h('i', 14)} % 8]
   from generate_series(1, ${TICKETS}) i`,
  `insert into comments (ticket_id, commenter_name, commenter_user_type, message, is_internal)
   select 100001 + ${h('n', 11)} % ${TICKETS}, 'Staff', 'cc', 'Checked the line.', n % 7 = 0
   from generate_series(1, ${TICKETS * 3}) n`,
  `insert into forward_events (ticket_id, previously_issued_to, newly_issued_to, forward_cause, forwarded_by_name)
   select ticket_id, 'cc', issued_to, 'Needs a field visit', 'Staff' from tickets where issued_to <> 'cc'`,
  `select setval(pg_get_serial_sequence('tickets', 'ticket_id'), ${100000 + TICKETS})`,
  `insert into tickets (title, description, problematic_number, issuer_user_id, issuer_number, issuer_user_type,
     ticket_status, group_name, created_at, updated_at)
   select 'Busy line ' || i, 'Down again', '${BUSY_NUMBER}', ${uuidOf(`'u600'`)}, '8809620000600', 'customer',
     case when i % 5 = 0 then 'open' else 'closed' end, 'Group 0',
     now() - interval '2 years' + i * interval '1 day', now() - interval '2 years' + i * interval '1 day' + interval '3 hours'
   from generate_series(1, ${BUSY_TICKETS}) i`,
  `insert into comments (ticket_id, commenter_name, commenter_user_type, message, is_internal, created_at)
   select t.ticket_id, 'Staff', 'cc', 'Checked the line.', n % 3 = 0, t.created_at + n * interval '10 minutes'
   from tickets t, generate_series(1, 10) n where t.problematic_number = '${BUSY_NUMBER}'`,
  // A resolve for every solved ticket, and a resolve and reopen before each open ticket of the busy line.
  `insert into ticket_status_events (ticket_id, from_status, to_status, by_name, created_at)
   select ticket_id, 'in_progress', 'closed', 'Staff', updated_at from tickets where ticket_status = 'closed'
   union all
   select ticket_id, s.from_status, s.to_status, 'User 600', created_at + s.after
   from tickets, (values ('open', 'closed', interval '1 hour'), ('closed', 'open', interval '2 hours')) s(from_status, to_status, after)
   where problematic_number = '${BUSY_NUMBER}' and ticket_status = 'open'`,
  // Ratings of a real desk (DESIGN.md §25): about one solved ticket in ten answers, one answer in seven is low.
  `insert into ticket_ratings (ticket_id, score, channel, department, rated_at)
   select ticket_id, case when ${h('ticket_id', 15)} % 7 = 0 then 1 + ${h('ticket_id', 16)} % 2 else 3 + ${h('ticket_id', 16)} % 3 end,
     'sms', issued_to, updated_at
   from tickets where ticket_status = 'closed' and ${h('ticket_id', 17)} % 10 = 0`,
  // Rare words for the text search: a few descriptions and comments name a fibre cut.
  `update tickets set description = description || ' after a fibre cut' where ticket_id % 1000 = 0`,
  `insert into comments (ticket_id, commenter_name, commenter_user_type, message, is_internal)
   select 100000 + i, 'Staff', 'cc', 'Fibre cut near the pole', i % 400 = 0
   from generate_series(200, ${TICKETS}, 200) i`,
  // Rows inserted after the index was created wait in GIN's pending list until a vacuum, which
  // makes the planner shun the index; a loaded desk's autovacuum has long merged them.
  `select gin_clean_pending_list(index) from unnest(array['tickets_title_trgm', 'ticket_terms_trgm']::regclass[]) index`,
  // Tags of a real desk (DESIGN.md §27): one ticket in five about billing, a rare one about an ONU swap.
  `insert into ticket_tags (ticket_id, tag)
   select ticket_id, 'billing' from tickets where ${h('ticket_id', 18)} % 5 = 0
   union all
   select ticket_id, 'onu swap' from tickets where ${h('ticket_id', 19)} % 500 = 0`,
  'analyze groups, subgroups, users, tickets, comments, forward_events, forward_chain_members, ticket_status_events, ticket_ratings, ticket_tags, ticket_terms, ticket_words',
];
