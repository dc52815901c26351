/** Calls, fixtures and workbook reading shared by the reports tests. */
import type { FastifyInstance } from 'fastify';
import ExcelJS, { type Cell, type Worksheet } from 'exceljs';
import type { Department, IssuedTo, ReportInput, ReportReply, TicketPriority, TicketStatus } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { comments, forwardEvents, tickets } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';

export type Headers = Record<string, string>;

/** June 2025 in Dhaka (+06:00), as the web client sends a period. */
export const JUNE = { start_date: '2025-06-01T00:00:00+06:00', end_date: '2025-06-30T23:59:59+06:00' } as const;

export function requestReport(app: FastifyInstance, headers: Headers, body: Partial<ReportInput> | Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/tickets/report', headers, payload: body });
}

/** Generates a report and returns its link (fails the test on anything but 200). */
export async function reportLink(app: FastifyInstance, headers: Headers, body: Partial<ReportInput>): Promise<string> {
  const reply = await requestReport(app, headers, body);
  if (reply.statusCode !== 200) throw new Error(`report answered ${reply.statusCode}: ${reply.body}`);
  return reply.json<ReportReply>().public_url;
}

/** Downloads a report through its link and opens it with exceljs, as a spreadsheet program reads it. */
export async function downloadWorkbook(app: FastifyInstance, link: string): Promise<ExcelJS.Workbook> {
  const reply = await app.inject({ method: 'GET', url: link });
  if (reply.statusCode !== 200) throw new Error(`download answered ${reply.statusCode}: ${reply.body}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

export function sheetOf(workbook: ExcelJS.Workbook, name: string): Worksheet {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}

/** The rows of a sheet below the header, each as { header: cell }. */
export function recordsOf(sheet: Worksheet): Record<string, Cell>[] {
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, index) => (headers[index] = cell.text));
  const records: Record<string, Cell>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const record: Record<string, Cell> = {};
    headers.forEach((header, index) => (record[header] = row.getCell(index)));
    records.push(record);
  });
  return records;
}

/** Summary lines as "Section/Item" → value. */
export function summaryOf(workbook: ExcelJS.Workbook): Map<string, unknown> {
  const lines = new Map<string, unknown>();
  sheetOf(workbook, 'Summary').eachRow((row, number) => {
    if (number > 1) lines.set(`${row.getCell(1).text}/${row.getCell(2).text}`, row.getCell(3).value);
  });
  return lines;
}

/** A ticket inserted directly at a given instant, with any resolution time. */
export async function insertTicket(
  db: Db,
  issuer: UserRow | null,
  fields: {
    title?: string;
    createdAt: Date;
    resolvedAt?: Date | null;
    status?: TicketStatus;
    issuedTo?: IssuedTo;
    groupId?: string | null;
    groupName?: string;
    subGroupId?: string | null;
    subGroupName?: string | null;
    problematicNumber?: string;
    assigneeUserId?: string | null;
    priority?: TicketPriority;
  },
) {
  const [ticket] = await db
    .insert(tickets)
    .values({
      title: fields.title ?? 'Internet is slow',
      description: 'Since this morning.',
      problematicNumber: fields.problematicNumber ?? '8801711000000',
      issuedTo: fields.issuedTo ?? 'cc',
      issuerUserId: issuer?.id ?? null,
      issuerNumber: issuer?.productNumber ?? null,
      issuerUserType: issuer?.userType === 'agent' ? 'agent' : 'customer',
      ticketStatus: fields.status ?? (fields.resolvedAt ? 'closed' : 'open'),
      groupId: fields.groupId ?? null,
      groupName: fields.groupName ?? 'Internet',
      priority: fields.priority ?? 'normal',
      subGroupId: fields.subGroupId ?? null,
      subGroupName: fields.subGroupName ?? null,
      createdAt: fields.createdAt,
      updatedAt: fields.createdAt,
      resolvedAt: fields.resolvedAt ?? null,
      clientEmail: issuer ? null : 'client@example.com',
      assigneeUserId: fields.assigneeUserId ?? null,
    })
    .returning();
  if (!ticket) throw new Error('no ticket');
  return ticket;
}

/** Forwards inserted as the forwarding module stores them: hops in order, a minute apart. */
export async function insertForwards(db: Db, ticketId: number, hops: [IssuedTo, Department][], start: Date): Promise<void> {
  await db.insert(forwardEvents).values(
    hops.map(([from, to], index) => ({
      ticketId,
      previouslyIssuedTo: from,
      newlyIssuedTo: to,
      forwardCause: `hop ${index + 1}`,
      forwardedByName: 'Staff',
      createdAt: new Date(start.getTime() + (index + 1) * 60_000),
    })),
  );
}

export async function insertComments(db: Db, ticketId: number, howMany: number, isInternal = false): Promise<void> {
  await db.insert(comments).values(
    Array.from({ length: howMany }, (_, index): typeof comments.$inferInsert => ({
      ticketId,
      commenterName: 'Staff',
      commenterUserType: 'cc',
      message: `note ${index + 1}`,
      isInternal,
    })),
  );
}
