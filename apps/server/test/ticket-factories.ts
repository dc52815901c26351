/** Builders for ticket tests: groups, tickets straight in the database, images, uploads through the API. */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IssuedTo, IssueTicketInput, PresignReply, TicketStatus } from '@switchboard/shared';
import type { Db } from '../src/db/client.ts';
import { groups, subgroups, tickets } from '../src/db/schema.ts';
import type { UserRow } from '../src/modules/users/users.repository.ts';

export async function buildGroup(db: Db, fields: { name?: string; subgroups?: string[] } = {}) {
  const [group] = await db
    .insert(groups)
    .values({ groupName: fields.name ?? `Group ${randomInt(0, 1_000_000_000)}` })
    .returning();
  if (!group) throw new Error('no group');
  const names = fields.subgroups ?? ['Slow speed'];
  const subs =
    names.length === 0
      ? []
      : await db
          .insert(subgroups)
          .values(names.map((name) => ({ groupId: group.id, subGroupBn: `${name} (bn)`, subGroupEn: name })))
          .returning();
  return { group, subgroups: subs };
}

/** A valid stored problematic number (880 + 10 digits). */
export function randomProblematicNumber(): string {
  return `8801${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/** A ticket inserted directly (fast, any state, any time), issued by `issuer`. */
export async function buildTicket(
  db: Db,
  issuer: UserRow | null,
  fields: Partial<{
    title: string;
    problematicNumber: string;
    issuedTo: IssuedTo;
    issuerUserType: 'agent' | 'customer';
    ticketStatus: TicketStatus;
    groupId: string | null;
    subGroupId: string | null;
    createdAt: Date;
    clientEmail: string;
  }> = {},
) {
  const [ticket] = await db
    .insert(tickets)
    .values({
      title: fields.title ?? 'Internet is slow',
      description: 'Since this morning.',
      problematicNumber: fields.problematicNumber ?? randomProblematicNumber(),
      issuedTo: fields.issuedTo ?? 'cc',
      issuerUserId: issuer?.id ?? null,
      issuerNumber: issuer?.productNumber ?? null,
      issuerUserType: fields.issuerUserType ?? (issuer?.userType === 'agent' ? 'agent' : 'customer'),
      ticketStatus: fields.ticketStatus ?? 'open',
      groupId: fields.groupId ?? null,
      groupName: 'Internet',
      subGroupId: fields.subGroupId ?? null,
      subGroupName: fields.subGroupId ? 'Slow speed' : null,
      clientEmail: fields.clientEmail ?? null,
      createdAt: fields.createdAt ?? new Date(),
      resolvedAt: fields.ticketStatus === 'closed' ? new Date() : null,
    })
    .returning();
  if (!ticket) throw new Error('no ticket');
  return ticket;
}

/** Bytes that sniff as each image type (the smallest real files). */
export const IMAGES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff,
    0xd9,
  ]),
};

export type UploadForm = PresignReply['data'];

export async function presign(app: FastifyInstance, headers: Record<string, string>, objectName: string) {
  return app.inject({ method: 'POST', url: '/api/v1/tickets/get-presigned-post', headers, payload: { object_name: objectName } });
}

/** POSTs a file with an upload form as a browser does: the fields first, the file last. */
export async function postUploadForm(
  app: FastifyInstance,
  form: UploadForm,
  bytes: Buffer,
  options: { fileName?: string; fieldOverrides?: Record<string, string> } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...options.fieldOverrides })) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)]), options.fileName ?? 'photo');
  return app.inject({ method: 'POST', url: form.url, payload: body });
}

/** Presigns and uploads an image; returns the public_url that attachments name. */
export async function uploadImage(
  app: FastifyInstance,
  headers: Record<string, string>,
  name = 'photo.png',
  bytes: Buffer = IMAGES.png,
): Promise<string> {
  const granted = await presign(app, headers, name);
  if (granted.statusCode !== 200) throw new Error(`presign answered ${granted.statusCode}: ${granted.body}`);
  const grant = granted.json<PresignReply>();
  const stored = await postUploadForm(app, grant.data, bytes);
  if (stored.statusCode !== 204) throw new Error(`upload answered ${stored.statusCode}: ${stored.body}`);
  return grant.public_url;
}

/** A valid issue-ticket body for a group; override any field. */
export function ticketBody(
  group: Awaited<ReturnType<typeof buildGroup>>,
  fields: Partial<IssueTicketInput> = {},
): IssueTicketInput {
  return {
    title: 'Internet very slow since morning',
    problematic_number: randomProblematicNumber(),
    description: 'Restarting the router did not help.',
    group_id: group.group.id,
    group_name: group.group.groupName,
    sub_group_id: group.subgroups[0]?.id ?? null,
    sub_group_name: group.subgroups[0]?.subGroupEn ?? null,
    issuer_user_type: 'customer',
    ...fields,
  };
}
