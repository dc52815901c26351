/**
 * What the database holds must be what the shared schemas produce: every stored text is a fixed
 * point of its schema (already trimmed, normalised and within limits), every code one of its
 * values. A row that fails here got past validation somehow.
 */
import { z } from 'zod';
import {
  apiClientCreateSchema,
  API_SCOPES,
  commentMessageSchema,
  DEPARTMENTS,
  forwardCauseSchema,
  incidentPublicNoteSchema,
  incidentTitleSchema,
  INCIDENT_STATUSES,
  resolutionMessageSchema,
  ISSUED_TO_VALUES,
  ISSUER_USER_TYPES,
  MAX_ATTACHMENTS,
  problematicNumberSchema,
  renameGroupBodySchema,
  subgroupInputSchema,
  TICKET_STATUSES,
  ticketDescriptionSchema,
  ticketTitleSchema,
  updateUserBodySchema,
} from '@switchboard/shared';
import type { Db } from '../../src/db/client.ts';
import { apiClients, comments, forwardEvents, groups, incidents, subgroups, tickets, users } from '../../src/db/schema.ts';

/** The problems of one value: it fails the schema, or the schema would store something else. */
function problemsOf(schema: z.ZodType, value: unknown, where: string): string[] {
  const parsed = schema.safeParse(value);
  if (!parsed.success) return [`${where}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`];
  return JSON.stringify(parsed.data) === JSON.stringify(value) ? [] : [`${where}: not stored as the schema makes it`];
}

const oneOf = (values: readonly string[]) => z.enum(values as [string, ...string[]]);
const attachmentKeysSchema = z
  .array(z.string().regex(/^attachments\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|gif|webp)$/))
  .max(MAX_ATTACHMENTS);

/** Every stored row that does not pass the shared schemas, described. */
export async function invalidStoredRows(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const user of await db.select().from(users)) {
    // A client's account is checked with its client below, and the desk's own system account is
    // made by its migration: their numbers are made, never typed.
    if (user.kind !== 'person') continue;
    const row = {
      name: user.name,
      product_number: user.productNumber,
      user_type: user.userType,
      role: user.role,
      ...(user.phoneNumber === null ? {} : { phone_number: user.phoneNumber }),
    };
    problems.push(...problemsOf(updateUserBodySchema, row, `user ${user.id}`));
  }
  for (const client of await db.select().from(apiClients)) {
    const row = { name: client.name, department: client.department, scopes: client.scopes };
    const schema = apiClientCreateSchema.pick({ name: true, department: true, scopes: true });
    problems.push(...problemsOf(schema, row, `API client ${client.id}`));
    if (!client.scopes.every((scope) => (API_SCOPES as readonly string[]).includes(scope)))
      problems.push(`API client ${client.id}: unknown scope`);
  }
  for (const group of await db.select().from(groups)) {
    problems.push(...problemsOf(renameGroupBodySchema, { group_name: group.groupName }, `group ${group.id}`));
  }
  for (const subgroup of await db.select().from(subgroups)) {
    const row = { sub_group_bn: subgroup.subGroupBn, sub_group_en: subgroup.subGroupEn };
    problems.push(...problemsOf(subgroupInputSchema, row, `subgroup ${subgroup.id}`));
  }
  for (const ticket of await db.select().from(tickets)) {
    const where = `ticket ${ticket.ticketId}`;
    problems.push(
      ...problemsOf(ticketTitleSchema, ticket.title, `${where} title`),
      ...problemsOf(ticketDescriptionSchema, ticket.description, `${where} description`),
      ...problemsOf(problematicNumberSchema, ticket.problematicNumber, `${where} problematic_number`),
      ...problemsOf(oneOf(ISSUED_TO_VALUES), ticket.issuedTo, `${where} issued_to`),
      ...problemsOf(oneOf(ISSUER_USER_TYPES), ticket.issuerUserType, `${where} issuer_user_type`),
      ...problemsOf(oneOf(TICKET_STATUSES), ticket.ticketStatus, `${where} ticket_status`),
      ...problemsOf(z.email().nullable(), ticket.clientEmail, `${where} client_email`),
      ...problemsOf(attachmentKeysSchema, ticket.attachments, `${where} attachments`),
    );
  }
  for (const comment of await db.select().from(comments)) {
    problems.push(
      ...problemsOf(commentMessageSchema, comment.message, `comment ${comment.id} message`),
      ...problemsOf(attachmentKeysSchema, comment.attachments, `comment ${comment.id} attachments`),
    );
  }
  for (const event of await db.select().from(forwardEvents)) {
    problems.push(
      ...problemsOf(forwardCauseSchema, event.forwardCause, `forward ${event.id} cause`),
      ...problemsOf(oneOf(DEPARTMENTS), event.newlyIssuedTo, `forward ${event.id} newly_issued_to`),
      ...problemsOf(oneOf(ISSUED_TO_VALUES), event.previouslyIssuedTo, `forward ${event.id} previously_issued_to`),
    );
  }
  for (const incident of await db.select().from(incidents)) {
    const where = `incident ${incident.id}`;
    problems.push(
      ...problemsOf(incidentTitleSchema, incident.title, `${where} title`),
      ...problemsOf(oneOf(INCIDENT_STATUSES), incident.status, `${where} status`),
      ...problemsOf(
        incidentPublicNoteSchema.refine((note) => note !== '', 'a blank note').nullable(),
        incident.publicNote,
        `${where} public_note`,
      ),
      ...problemsOf(resolutionMessageSchema.nullable(), incident.resolutionMessage, `${where} resolution_message`),
    );
  }
  return problems;
}
