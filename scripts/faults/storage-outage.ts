/**
 * Fault (c): the file store fails (its folder becomes unusable, as on a broken or read-only disk).
 * Uploads and reports fail fast with a clear message; tickets, comments and lists keep working;
 * once the store is back, uploads work again.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioResult } from './report.ts';
import { uploadPng, type Seed } from './seed.ts';
import { call, type Reply, type ServerProcess } from './server-process.ts';

/** What the server says when its file store is down (apps/server/src/modules/storage/storage-outage.ts). */
const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is unavailable right now. Please try again in a few minutes.';
/** A report must fail at once, not when a client gives up. */
const REPORT_TIMEOUT_MS = 10_000;

function isClear503(reply: Reply): boolean {
  if (reply.status !== 503) return false;
  const body = JSON.parse(reply.body) as { message?: string };
  return body.message === STORAGE_UNAVAILABLE_MESSAGE;
}

const shown = (reply: Reply) => `${reply.status} ${reply.error ?? reply.body.slice(0, 160)}`;

export async function storageOutage(server: ServerProcess, seeded: Seed): Promise<ScenarioResult> {
  const problems: string[] = [];
  const objects = path.join(server.dataDir, 'objects');
  mkdirSync(objects, { recursive: true });
  renameSync(objects, `${objects}.away`);
  writeFileSync(objects, 'the store is broken');

  const upload = await uploadPng(server, seeded.staff);
  const uploadFailure = 'failed' in upload ? upload.failed : 'the upload was stored';
  if (!uploadFailure.includes(STORAGE_UNAVAILABLE_MESSAGE)) problems.push(`upload: ${uploadFailure}`);

  const today = new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);
  const report = await call(`${server.url}/api/v1/tickets/report`, {
    token: seeded.staff.token,
    json: { start_date: `${today}T00:00:00+06:00`, end_date: `${today}T23:59:59+06:00` },
    timeoutMs: REPORT_TIMEOUT_MS,
  });
  if (!isClear503(report))
    problems.push(`report: ${report.status === 0 ? `no answer within ${REPORT_TIMEOUT_MS} ms` : shown(report)}`);

  const issued = await call(`${server.url}/api/v1/tickets/issue-ticket`, {
    token: seeded.customer.token,
    json: {
      title: 'Written while the file store is down',
      problematic_number: '8801712345678',
      description: 'No attachment',
      group_id: seeded.groupId,
      sub_group_id: seeded.subgroupId,
      issuer_user_type: 'customer',
    },
  });
  if (issued.status !== 201) problems.push(`issue ticket: ${shown(issued)}`);
  const ticketId = issued.status === 201 ? (JSON.parse(issued.body) as { data: { ticket_id: number } }).data.ticket_id : 0;
  const others = [
    await call(`${server.url}/api/v1/tickets/add-comment`, {
      token: seeded.staff.token,
      json: { ticket_id: ticketId, message: 'Seen' },
    }),
    await call(`${server.url}/api/v1/tickets/get-ticket-by-id/${ticketId}`, { token: seeded.customer.token }),
    await call(`${server.url}/api/v1/tickets/user-type-wise-tickets/1`, { token: seeded.staff.token }),
  ];
  for (const reply of others) if (reply.status >= 300) problems.push(`tickets while the store is down: ${shown(reply)}`);

  rmSync(objects, { force: true });
  renameSync(`${objects}.away`, objects);
  const again = await uploadPng(server, seeded.staff);
  if ('failed' in again) problems.push(`upload after the store came back: ${again.failed}`);

  return {
    name: '(c) file store unavailable',
    facts: {
      upload: 'failed' in upload ? (upload.failed.includes(STORAGE_UNAVAILABLE_MESSAGE) ? 'clear 503' : 'unclear') : 'stored?',
      report: isClear503(report)
        ? `clear 503 in ${Math.round(report.ms)} ms`
        : report.status === 0
          ? 'hung'
          : String(report.status),
      'tickets meanwhile': issued.status === 201 && others.every((reply) => reply.status < 300) ? 'working' : 'failing',
      'upload after': 'failed' in again ? 'failing' : 'working',
    },
    problems,
  };
}
