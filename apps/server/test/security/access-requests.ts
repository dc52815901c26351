/**
 * One well-formed request per row of the access matrix. A request is built for one caller and
 * sets up whatever it changes (a fresh group to rename, a fresh ticket to resolve), so every cell
 * is decided by who asks, never by what an earlier cell did.
 */
import type { Department, PresignReply } from '@switchboard/shared';
import { insertCannedReply } from '../../src/modules/canned-replies/canned-replies.repository.ts';
import { buildUser, lastOtpSentTo, randomProductNumber, solveCaptcha } from '../factories.ts';
import { buildGroup, IMAGES, presign, randomProblematicNumber, ticketBody, uploadImage } from '../ticket-factories.ts';
import { ALARM_RULE_REQUESTS } from './access-alarm-rule-requests.ts';
import { ALARM_REQUESTS } from './access-alarm-requests.ts';
import { CHANNEL_REQUESTS } from './access-channel-requests.ts';
import { BROADCAST_REQUESTS } from './access-broadcast-requests.ts';
import { CALENDAR_REQUESTS } from './access-calendar-requests.ts';
import { API_CLIENT_REQUESTS } from './access-client-requests.ts';
import { INCIDENT_REQUESTS } from './access-incident-requests.ts';
import { MERGE_REQUESTS } from './access-merge-requests.ts';
import { LINK_TAG_REQUESTS } from './access-link-tag-requests.ts';
import { OUTAGE_REQUESTS } from './access-outage-requests.ts';
import { SATISFACTION_REQUESTS } from './access-satisfaction-requests.ts';
import { ARTICLE_REQUESTS } from './access-article-requests.ts';
import { OPERATIONS_REQUESTS } from './access-operations-requests.ts';
import { SUBSCRIBER_REQUESTS } from './access-subscriber-requests.ts';
import { WEBHOOK_REQUESTS } from './access-webhook-requests.ts';
import { call, freshTicket, ownDepartment, unique, type RequestOf, type World } from './access-world.ts';

export { buildWorld, type RequestOf, type World } from './access-world.ts';

/** A fresh group with one subgroup, made by the test (not through the API). */
const freshGroup = (world: World) => buildGroup(world.db, { name: unique('Matrix group') });

async function grantOf(world: World): Promise<PresignReply> {
  const reply = await presign(world.app, world.callers.customer.headers, 'photo.png');
  if (reply.statusCode !== 200) throw new Error(`presign answered ${reply.statusCode}: ${reply.body}`);
  return reply.json<PresignReply>();
}

async function otpSentTo(world: World, productNumber: string): Promise<string> {
  const sent = await world.app.inject({
    method: 'POST',
    url: '/api/v1/users/generate-otp',
    payload: { product_number: productNumber, token: await solveCaptcha(world.app, 'sign-in') },
  });
  if (sent.statusCode !== 200) throw new Error(`generate-otp answered ${sent.statusCode}: ${sent.body}`);
  return lastOtpSentTo(world.app, productNumber);
}

/** Rows are `METHOD /path` as the OpenAPI document names them, with `#variant` for a second scenario. */
export const REQUESTS: Record<string, RequestOf> = {
  'GET /healthz': async (caller) => call('GET', '/healthz')(caller),
  'GET /readyz': async (caller) => call('GET', '/readyz')(caller),
  'GET /api/docs/json': async (caller) => call('GET', '/api/docs/json')(caller),
  // Every caller comes from a routable address: the outbox exists for loopback only.
  'GET /api/v1/dev/outbox': async (caller) => call('GET', '/api/v1/dev/outbox')(caller),
  'GET /api/v1/config': async (caller) => call('GET', '/api/v1/config')(caller),
  'GET /api/v1/captcha/challenge': async (caller) => call('GET', '/api/v1/captcha/challenge')(caller),

  'POST /api/v1/users/generate-otp': async (caller, world) =>
    call('POST', '/api/v1/users/generate-otp', {
      product_number: randomProductNumber(),
      token: await solveCaptcha(world.app, 'sign-in'),
    })(caller),
  'POST /api/v1/users/login': async (caller, world) => {
    const productNumber = randomProductNumber();
    const otp = await otpSentTo(world, productNumber);
    return call('POST', '/api/v1/users/login', {
      product_number: productNumber,
      otp,
      token: await solveCaptcha(world.app, 'sign-in'),
    })(caller);
  },
  'GET /api/v1/users/validate-token': async (caller) => call('GET', '/api/v1/users/validate-token')(caller),

  'GET /api/v1/users': async (caller) => call('GET', '/api/v1/users')(caller),
  'GET /api/v1/users/lookup': async (caller) => call('GET', '/api/v1/users/lookup?q=Matrix')(caller),
  'GET /api/v1/staff': async (caller) => call('GET', '/api/v1/staff?department=iptsp&q=Matrix')(caller),
  'POST /api/v1/users/signup': async (caller) =>
    call('POST', '/api/v1/users/signup', {
      name: unique('New user'),
      product_number: randomProductNumber(),
      phone_number: randomProblematicNumber(),
      user_type: 'rs',
      role: 'user',
    })(caller),
  'PUT /api/v1/users/{id}': async (caller, world) => {
    const target = await buildUser(world.db, { userType: 'rs' });
    return call('PUT', `/api/v1/users/${target.id}`, {
      name: unique('Renamed'),
      product_number: target.productNumber,
      user_type: 'rs',
      role: 'support',
    })(caller);
  },
  'DELETE /api/v1/users/{id}': async (caller, world) => {
    const target = await buildUser(world.db, { userType: 'rs' });
    return call('DELETE', `/api/v1/users/${target.id}`)(caller);
  },

  'GET /api/v1/users/sign-in-locks/{number}': async (caller) =>
    call('GET', `/api/v1/users/sign-in-locks/${randomProductNumber()}`)(caller),
  'DELETE /api/v1/users/sign-in-locks/{number}': async (caller) =>
    call('DELETE', `/api/v1/users/sign-in-locks/${randomProductNumber()}`)(caller),

  'GET /api/v1/groups': async (caller) => call('GET', '/api/v1/groups')(caller),
  'GET /api/v1/groups/subgroups': async (caller) => call('GET', '/api/v1/groups/subgroups')(caller),
  'GET /api/v1/groups/{id}/subgroups': async (caller, world) =>
    call('GET', `/api/v1/groups/${world.group.group.id}/subgroups`)(caller),
  'POST /api/v1/groups': async (caller) =>
    call('POST', '/api/v1/groups', {
      group_name: unique('Created group'),
      sub_groups: [{ sub_group_bn: 'ধীর গতি', sub_group_en: 'Slow speed' }],
    })(caller),
  'POST /api/v1/groups/{id}/subgroups': async (caller, world) => {
    const { group } = await freshGroup(world);
    return call('POST', `/api/v1/groups/${group.id}/subgroups`, {
      sub_groups: [{ sub_group_bn: 'সংযোগ নেই', sub_group_en: 'No connection' }],
    })(caller);
  },
  'PUT /api/v1/groups/{id}': async (caller, world) => {
    const { group } = await freshGroup(world);
    return call('PUT', `/api/v1/groups/${group.id}`, { group_name: unique('Renamed group') })(caller);
  },
  'DELETE /api/v1/groups/{id}': async (caller, world) => {
    const { group } = await freshGroup(world);
    return call('DELETE', `/api/v1/groups/${group.id}`)(caller);
  },
  'PUT /api/v1/groups/{groupId}/{subId}': async (caller, world) => {
    const { group, subgroups } = await freshGroup(world);
    return call('PUT', `/api/v1/groups/${group.id}/${subgroups[0]?.id ?? ''}`, {
      sub_group_bn: 'নতুন নাম',
      sub_group_en: 'New name',
    })(caller);
  },
  'DELETE /api/v1/groups/{groupId}/{subId}': async (caller, world) => {
    const { group, subgroups } = await freshGroup(world);
    return call('DELETE', `/api/v1/groups/${group.id}/${subgroups[0]?.id ?? ''}`)(caller);
  },

  'POST /api/v1/tickets/issue-ticket': async (caller, world) =>
    call('POST', '/api/v1/tickets/issue-ticket', ticketBody(world.group, { title: unique('Matrix ticket') }))(caller),
  'POST /api/v1/tickets/issue-ticket/public': async (caller, world) =>
    call('POST', '/api/v1/tickets/issue-ticket/public', {
      ...ticketBody(world.group, { title: unique('Public matrix ticket') }),
      client_email: 'someone@example.com',
      token: await solveCaptcha(world.app),
    })(caller),
  'GET /api/v1/tickets/user-type-wise-tickets/{page}': async (caller) =>
    call('GET', '/api/v1/tickets/user-type-wise-tickets/1')(caller),
  'GET /api/v1/tickets/get-ticket-by-id/{id}': async (caller, world) =>
    call('GET', `/api/v1/tickets/get-ticket-by-id/${world.customerTicket.ticketId}`)(caller),
  "GET /api/v1/tickets/get-ticket-by-id/{id} #an agent's ticket": async (caller, world) =>
    call('GET', `/api/v1/tickets/get-ticket-by-id/${world.agentTicket.ticketId}`)(caller),
  'GET /api/v1/tickets/get-ticket-by-id/{id} #a public ticket': async (caller, world) =>
    call('GET', `/api/v1/tickets/get-ticket-by-id/${world.publicTicket.ticketId}`)(caller),
  'GET /api/v1/tickets/get-ticket-by-id/{id} #no such ticket': async (caller) =>
    call('GET', '/api/v1/tickets/get-ticket-by-id/987654321')(caller),
  'GET /api/v1/tickets/{id}/comments': async (caller, world) =>
    call('GET', `/api/v1/tickets/${world.customerTicket.ticketId}/comments?before=`)(caller),
  'GET /api/v1/tickets/{id}/comments #a public ticket': async (caller, world) =>
    call('GET', `/api/v1/tickets/${world.publicTicket.ticketId}/comments`)(caller),
  'GET /api/v1/tickets/{id}/notifications': async (caller, world) =>
    call('GET', `/api/v1/tickets/${world.customerTicket.ticketId}/notifications?page=1`)(caller),
  'GET /api/v1/tickets/{id}/notifications #no such ticket': async (caller) =>
    call('GET', '/api/v1/tickets/987654321/notifications')(caller),
  'GET /api/v1/notifications/failed': async (caller) => call('GET', '/api/v1/notifications/failed?page=1')(caller),
  'POST /api/v1/tickets/add-comment': async (caller, world) =>
    call('POST', '/api/v1/tickets/add-comment', { ticket_id: world.customerTicket.ticketId, message: unique('A comment') })(
      caller,
    ),

  'POST /api/v1/tickets/forward-ticket': async (caller, world) => {
    const ticket = await freshTicket(world, 'cc');
    return call('POST', '/api/v1/tickets/forward-ticket', {
      ticket_id: ticket.ticketId,
      previously_issued_to: 'cc',
      newly_issued_to: 'iptsp',
      forward_cause: 'Needs a field visit',
    })(caller);
  },
  "POST /api/v1/tickets/forward-ticket #held by the caller's department": async (caller, world) => {
    const own = ownDepartment(caller);
    const ticket = await freshTicket(world, own);
    return call('POST', '/api/v1/tickets/forward-ticket', {
      ticket_id: ticket.ticketId,
      previously_issued_to: own,
      newly_issued_to: own === 'cc' ? 'rs' : 'cc',
      forward_cause: 'Back to the desk',
    })(caller);
  },
  'POST /api/v1/tickets/resolve-ticket': async (caller, world) => {
    const ticket = await freshTicket(world, 'cc');
    return call('POST', '/api/v1/tickets/resolve-ticket', { ticket_id: ticket.ticketId })(caller);
  },
  "POST /api/v1/tickets/resolve-ticket #held by the caller's department": async (caller, world) => {
    const ticket = await freshTicket(world, ownDepartment(caller));
    return call('POST', '/api/v1/tickets/resolve-ticket', { ticket_id: ticket.ticketId })(caller);
  },
  'POST /api/v1/tickets/{id}/assign': async (caller, world) => {
    const ticket = await freshTicket(world, 'cc');
    return call('POST', `/api/v1/tickets/${ticket.ticketId}/assign`, {
      user_id: caller.user?.id ?? null,
      expected_assignee_user_id: null,
    })(caller);
  },
  "POST /api/v1/tickets/{id}/assign #held by the caller's department": async (caller, world) => {
    const ticket = await freshTicket(world, ownDepartment(caller));
    return call('POST', `/api/v1/tickets/${ticket.ticketId}/assign`, {
      user_id: caller.user?.id ?? null,
      expected_assignee_user_id: null,
    })(caller);
  },
  // Bulk actions answer 200 to staff whatever each ticket's fate; the reply says which were refused.
  'POST /api/v1/tickets/bulk': async (caller, world) => {
    const ticket = await freshTicket(world, ownDepartment(caller));
    return call('POST', '/api/v1/tickets/bulk', { action: 'resolve', ticket_ids: [ticket.ticketId] })(caller);
  },
  'POST /api/v1/tickets/{id}/priority': async (caller, world) => {
    const ticket = await freshTicket(world, 'cc');
    return call('POST', `/api/v1/tickets/${ticket.ticketId}/priority`, { priority: 'urgent' })(caller);
  },
  "POST /api/v1/tickets/{id}/priority #held by the caller's department": async (caller, world) => {
    const ticket = await freshTicket(world, ownDepartment(caller));
    return call('POST', `/api/v1/tickets/${ticket.ticketId}/priority`, { priority: 'urgent' })(caller);
  },
  // Who else is on a ticket (DESIGN.md §27): staff only, on any ticket.
  'POST /api/v1/tickets/{id}/presence': async (caller, world) =>
    call('POST', `/api/v1/tickets/${world.customerTicket.ticketId}/presence`, { state: 'viewing' })(caller),
  'POST /api/v1/tickets/{id}/presence #no such ticket': async (caller) =>
    call('POST', '/api/v1/tickets/987654321/presence', { state: 'viewing' })(caller),
  'GET /api/v1/tickets/{id}/presence': async (caller, world) =>
    call('GET', `/api/v1/tickets/${world.customerTicket.ticketId}/presence`)(caller),
  'GET /api/v1/tickets/{id}/presence #no such ticket': async (caller) =>
    call('GET', '/api/v1/tickets/987654321/presence')(caller),
  'GET /api/v1/tickets/forward-chain-tickets/{page}': async (caller) =>
    call('GET', '/api/v1/tickets/forward-chain-tickets/1')(caller),
  'GET /api/v1/tickets/number-history/{number}': async (caller, world) =>
    call('GET', `/api/v1/tickets/number-history/+${world.customerTicket.problematicNumber}`)(caller),
  'GET /api/v1/tickets/number-history/{number} #a malformed number': async (caller) =>
    call('GET', '/api/v1/tickets/number-history/881712345678')(caller),

  'POST /api/v1/tickets/get-presigned-post': async (caller) =>
    call('POST', '/api/v1/tickets/get-presigned-post', { object_name: 'photo.png' })(caller),
  'POST /api/v1/tickets/get-presigned-post/public': async (caller, world) =>
    call('POST', '/api/v1/tickets/get-presigned-post/public', {
      object_name: 'photo.png',
      token: await solveCaptcha(world.app),
    })(caller),
  // The signed form is the credential of an upload; a bearer header neither helps nor hurts.
  'POST /storage/upload': async (caller, world) => {
    const grant = await grantOf(world);
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.data.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(IMAGES.png)]), 'photo.png');
    return { method: 'POST', url: grant.data.url, payload: form, headers: caller.headers, remoteAddress: caller.ip };
  },
  // An attachment's address is an unguessable capability (a server-made uuid key), like an S3 link.
  'GET /storage/{*}': async (caller, world) => call('GET', await uploadImage(world.app, world.callers.customer.headers))(caller),
  'GET /storage/{*} #a report without its signed link': async (caller) =>
    call('GET', '/storage/reports/2026/01/report.xlsx')(caller),

  'POST /api/v1/tickets/report': async (caller) => call('POST', '/api/v1/tickets/report', reportBody())(caller),
  'GET /api/v1/tickets/report/preview': async (caller, world) => {
    const link = await reportLinkOf(world);
    return call('GET', `/api/v1/tickets/report/preview?public_url=${encodeURIComponent(link)}`)(caller);
  },

  'GET /api/v1/events': async (caller) => call('GET', '/api/v1/events')(caller),
  'GET /api/v1/channels': async (caller) => call('GET', '/api/v1/channels')(caller),
  ...INCIDENT_REQUESTS,
  ...API_CLIENT_REQUESTS,
  ...WEBHOOK_REQUESTS,
  ...ALARM_RULE_REQUESTS,
  ...ALARM_REQUESTS,
  ...OUTAGE_REQUESTS,
  ...SATISFACTION_REQUESTS,
  ...SUBSCRIBER_REQUESTS,
  ...CALENDAR_REQUESTS,
  ...BROADCAST_REQUESTS,
  ...CHANNEL_REQUESTS,
  ...MERGE_REQUESTS,
  ...LINK_TAG_REQUESTS,

  'GET /api/v1/audit': async (caller) => call('GET', '/api/v1/audit?page=1&action=ticket.create&start_date=2026-01-01')(caller),

  'GET /api/v1/canned-replies': async (caller) => call('GET', '/api/v1/canned-replies?q=reply&page=1')(caller),
  'POST /api/v1/canned-replies': async (caller) =>
    call('POST', '/api/v1/canned-replies', {
      title: unique('Matrix reply'),
      body_en: 'Ticket #{ticket_id}',
      department: ownDepartment(caller),
    })(caller),
  'PUT /api/v1/canned-replies/{id}': async (caller, world) => {
    const reply = await freshCannedReply(world, ownDepartment(caller));
    return call('PUT', `/api/v1/canned-replies/${reply.id}`, {
      title: unique('Matrix reply'),
      body_en: 'Changed',
      department: ownDepartment(caller),
    })(caller);
  },
  'PUT /api/v1/canned-replies/{id} #a shared reply': async (caller, world) => {
    const reply = await freshCannedReply(world, null);
    return call('PUT', `/api/v1/canned-replies/${reply.id}`, {
      title: unique('Matrix reply'),
      body_en: 'Changed',
      department: null,
    })(caller);
  },
  'DELETE /api/v1/canned-replies/{id}': async (caller, world) => {
    const reply = await freshCannedReply(world, ownDepartment(caller));
    return call('DELETE', `/api/v1/canned-replies/${reply.id}`)(caller);
  },
  'DELETE /api/v1/canned-replies/{id} #a shared reply': async (caller, world) => {
    const reply = await freshCannedReply(world, null);
    return call('DELETE', `/api/v1/canned-replies/${reply.id}`)(caller);
  },
  'GET /api/v1/service-levels': async (caller) => call('GET', '/api/v1/service-levels')(caller),
  // The defaults again: a cell that may write leaves the levels as every other suite expects them.
  'PUT /api/v1/service-levels/{department}': async (caller) =>
    call('PUT', `/api/v1/service-levels/${ownDepartment(caller)}`, { first_reply_hours: 4, resolve_hours: 48 })(caller),
  'GET /api/v1/dashboard': async (caller) => call('GET', '/api/v1/dashboard?days=30')(caller),
  'GET /api/v1/inbox': async (caller) => call('GET', '/api/v1/inbox')(caller),
  'POST /api/v1/inbox/read': async (caller) => call('POST', '/api/v1/inbox/read', { all: true })(caller),
  ...ARTICLE_REQUESTS,
  ...OPERATIONS_REQUESTS,
};

/** A fresh canned reply of `department` (null: shared by every department). */
async function freshCannedReply(world: World, department: Department | null) {
  return insertCannedReply(world.db, { title: unique('Matrix reply'), bodyEn: 'Ticket #{ticket_id}', bodyBn: '', department });
}

/** The link of a report generated by the cc caller. */
export async function reportLinkOf(world: World): Promise<string> {
  const reply = await world.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/report',
    headers: world.callers.cc.headers,
    payload: reportBody(),
  });
  if (reply.statusCode !== 200) throw new Error(`report answered ${reply.statusCode}: ${reply.body}`);
  return reply.json<{ public_url: string }>().public_url;
}

/** The whole of the last 30 days in the provider's zone (+06:00), as the report form sends it. */
export function reportBody() {
  const day = (offsetDays: number) => new Date(Date.now() + 6 * 3600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10);
  return { start_date: `${day(30)}T00:00:00+06:00`, end_date: `${day(0)}T23:59:59+06:00` };
}
