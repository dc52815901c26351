/**
 * What must hold when two processes serve one desk: a session started on one is good on the other,
 * an image uploaded to the bucket is served, the limits count for both together, and an event
 * written through one reaches a stream held by the other.
 */
import type { TicketByIdReply } from '@switchboard/shared';
import type { ScenarioResult } from '../faults/report.ts';
import { openLiveStream, waitFor } from '../faults/live-streams.ts';
import { insertTickets, PNG, uploadPng, type Seed } from '../faults/seed.ts';
import { call, solveBotCheck, type ServerProcess } from '../faults/server-process.ts';
import { flushRedis } from './infrastructure.ts';

export interface Desk {
  /** The balancer's address. */
  url: string;
  processes: [ServerProcess, ServerProcess];
  databaseUrl: string;
  redisUrl: string;
  /** Texts the SMS gateway delivered, with how often each was; and the repeats it refused. */
  gateway: { deliveries: Map<string, number>; repeats: number };
  otpIpLimit: number;
}

/** The code of the newest text that was not among `before`. */
function newCode(texts: Map<string, number>, before: Set<string>): string | undefined {
  const fresh = [...texts.keys()].filter((text) => !before.has(text));
  return /\b(\d{6})\b/.exec(fresh.at(-1) ?? '')?.[1];
}

/** Asks for a code on the first process and signs in with it on the second. */
export async function signInAcross(desk: Desk, seeded: Seed): Promise<ScenarioResult> {
  const problems: string[] = [];
  const [first, second] = desk.processes;
  const number = seeded.customer.productNumber;
  const before = new Set(desk.gateway.deliveries.keys());
  const asked = await call(`${first.url}/api/v1/users/generate-otp`, {
    json: { product_number: number, token: await solveBotCheck(first.url) },
  });
  if (asked.status !== 200) problems.push(`asking for a code on process 1: ${asked.status} ${asked.body}`);
  const code = newCode(desk.gateway.deliveries, before);
  if (!code) problems.push('no code reached the SMS gateway');
  // The bot check was handed out by process 1 and is redeemed on process 2.
  const login = await call(`${second.url}/api/v1/users/login`, {
    json: { product_number: number, otp: code ?? '', token: await solveBotCheck(first.url) },
  });
  const token = login.status === 200 ? (JSON.parse(login.body) as { auth_token: string }).auth_token : '';
  if (!token) problems.push(`signing in on process 2 with the code of process 1: ${login.status} ${login.body}`);
  const checks = await Promise.all(
    [first.url, second.url, desk.url].map((url) => call(`${url}/api/v1/users/validate-token`, { token })),
  );
  checks.forEach((reply, i) => {
    if (reply.status !== 200) problems.push(`the token on ${['process 1', 'process 2', 'the balancer'][i]}: ${reply.status}`);
  });
  return {
    name: 'sign in on one, use the token on the other',
    facts: { 'token valid on': checks.filter((r) => r.status === 200).length },
    problems,
  };
}

/** The first image of the ticket in a get-ticket-by-id reply. */
export function firstAttachmentOf(body: string): string | undefined {
  return (JSON.parse(body) as TicketByIdReply).data[0]?.attachments[0];
}

/** Presigned POST to the bucket through the balancer, a ticket naming the image, and the image served. */
export async function uploadAndView(desk: Desk, seeded: Seed): Promise<ScenarioResult> {
  const problems: string[] = [];
  const through = { ...desk.processes[0], url: desk.url };
  const uploaded = await uploadPng(through, seeded.customer);
  if ('failed' in uploaded) return { name: 'upload to the bucket and view', facts: {}, problems: [uploaded.failed] };
  const issued = await call(`${desk.url}/api/v1/tickets/issue-ticket`, {
    token: seeded.customer.token,
    json: {
      title: 'Router lights blink red',
      problematic_number: '8801712345678',
      description: 'A photo of the router is attached.',
      group_id: seeded.groupId,
      group_name: 'Faults',
      sub_group_id: seeded.subgroupId,
      sub_group_name: 'Slow speed',
      issuer_user_type: 'customer',
      attachments: [uploaded.url],
    },
  });
  if (issued.status !== 201 && issued.status !== 200) problems.push(`a ticket naming the image: ${issued.status} ${issued.body}`);
  const ticketId = issued.status < 300 ? (JSON.parse(issued.body) as { data: { ticket_id: number } }).data.ticket_id : 0;
  // Read back on each process: the ticket names the image, and the image is the bytes uploaded.
  let served = 0;
  for (const process of desk.processes) {
    const ticket = await call(`${process.url}/api/v1/tickets/get-ticket-by-id/${ticketId}`, { token: seeded.customer.token });
    const address = ticket.status === 200 ? firstAttachmentOf(ticket.body) : undefined;
    if (!address) {
      problems.push(`the ticket on a process has no attachment (${ticket.status})`);
      continue;
    }
    const image = await fetch(new URL(address, desk.url));
    const bytes = Buffer.from(await image.arrayBuffer());
    if (image.status === 200 && bytes.equals(PNG)) served += 1;
    else problems.push(`the image answered ${image.status} with ${bytes.length} bytes`);
  }
  return { name: 'upload to the bucket and view', facts: { 'image served by': `${served} of 2` }, problems };
}

/**
 * The per-address OTP limit counts the requests of both processes together (Redis), and a number's
 * resend cooldown holds on the other process (PostgreSQL).
 */
export async function limitsAcross(desk: Desk, seeded: Seed): Promise<ScenarioResult> {
  const problems: string[] = [];
  await flushRedis(desk.redisUrl);
  const attempts = desk.otpIpLimit + 4;
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const number = `88096${String(70_000_000 + i).padStart(8, '0')}`;
    // The bot checks come from process 1, so that the balancer sends the code requests to each
    // process in turn: counted per process, twice the limit would pass.
    const token = await solveBotCheck(desk.processes[0].url);
    const reply = await call(`${desk.url}/api/v1/users/generate-otp`, { json: { product_number: number, token } });
    statuses.push(reply.status);
  }
  const allowed = statuses.filter((status) => status === 200).length;
  const limited = statuses.filter((status) => status === 429).length;
  if (allowed !== desk.otpIpLimit || limited !== attempts - allowed)
    problems.push(`${allowed} of ${attempts} codes were sent from one address (limit ${desk.otpIpLimit}): ${statuses.join(' ')}`);
  await flushRedis(desk.redisUrl);

  const [first, second] = desk.processes;
  const ask = (url: string) =>
    solveBotCheck(url).then((token) =>
      call(`${url}/api/v1/users/generate-otp`, { json: { product_number: seeded.staff.productNumber, token } }),
    );
  const once = await ask(first.url);
  const again = await ask(second.url);
  if (once.status !== 200 || again.status !== 429)
    problems.push(`a second code for one number at once, on the other process: ${once.status} then ${again.status}`);
  await flushRedis(desk.redisUrl);
  return {
    name: 'OTP and address limits across processes',
    facts: { sent: allowed, refused: limited, 'resend on the other': again.status },
    problems,
  };
}

/** A stream on process 2 and one through the balancer hear a comment written on process 1. */
export async function eventAcross(desk: Desk, seeded: Seed): Promise<ScenarioResult> {
  const problems: string[] = [];
  const [first, second] = desk.processes;
  const [ticketId] = await insertTickets(desk.databaseUrl, seeded, 1);
  const onSecond = await openLiveStream(second.url, seeded.staff.token);
  const throughBalancer = await openLiveStream(desk.url, seeded.customer.token);
  try {
    if (onSecond.status !== 200 || throughBalancer.status !== 200)
      problems.push(`streams opened with ${onSecond.status} and ${throughBalancer.status}`);
    const began = performance.now();
    const written = await call(`${first.url}/api/v1/tickets/add-comment`, {
      token: seeded.staff.token,
      json: { ticket_id: ticketId, message: 'We are on it.', is_internal: false },
    });
    if (written.status !== 201) problems.push(`the comment on process 1 answered ${written.status}`);
    const heard = (stream: typeof onSecond) => stream.events.some((event) => event.name === 'comment.added');
    const both = await waitFor(() => heard(onSecond) && heard(throughBalancer), 5000);
    if (!both) problems.push(`heard on process 2: ${heard(onSecond)}, through the balancer: ${heard(throughBalancer)}`);
    const latest = Math.max(
      ...[onSecond, throughBalancer].map((s) => s.events.find((e) => e.name === 'comment.added')?.at ?? began),
    );
    return { name: 'an event crosses processes', facts: { 'heard in ms': Math.round(latest - began) }, problems };
  } finally {
    onSecond.close();
    throughBalancer.close();
  }
}
