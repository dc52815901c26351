import type ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildGroup } from '../../../test/ticket-factories.ts';
import { ticketRatings } from '../../db/schema.ts';
import {
  JUNE,
  downloadWorkbook,
  insertComments,
  insertForwards,
  insertTicket,
  recordsOf,
  reportLink,
  sheetOf,
  summaryOf,
} from './reports.test-support.ts';

const HOUR = 60 * 60 * 1000;
/** exceljs ValueType.Formula: a cell a spreadsheet program would evaluate. */
const FORMULA_TYPE = 6;

describeWithApp('the report workbook', (ctx) => {
  let workbook: ExcelJS.Workbook;
  const ids: Record<string, number> = {};
  let groupName = '';

  beforeAll(async () => {
    const { group } = await buildGroup(ctx.db, { subgroups: [] });
    groupName = group.groupName;
    const agent = (await signedInAs(ctx.app, ctx.db, { userType: 'agent', name: 'Rahim Agent', productNumber: '8809638111111' }))
      .user;
    const inGroup = { groupId: group.id, groupName: group.groupName };
    const assignee = (await signedInAs(ctx.app, ctx.db, { userType: 'rs', name: 'Nusrat Holder' })).user;

    // 00:30 on 11 June in Dhaka; solved six hours later after two forwards.
    const solved = await insertTicket(ctx.db, agent, {
      ...inGroup,
      title: '=HYPERLINK("http://x","y")',
      problematicNumber: '8801712345678',
      assigneeUserId: assignee.id,
      createdAt: new Date('2025-06-10T18:30:00Z'),
      resolvedAt: new Date('2025-06-11T00:30:00Z'),
      issuedTo: 'rs',
      priority: 'urgent',
    });
    await insertForwards(
      ctx.db,
      solved.ticketId,
      [
        ['cc', 'iptsp'],
        ['iptsp', 'rs'],
      ],
      solved.createdAt,
    );
    await insertComments(ctx.db, solved.ticketId, 2);
    await insertComments(ctx.db, solved.ticketId, 1, true);
    ids.solved = solved.ticketId;
    await ctx.db.insert(ticketRatings).values({
      ticketId: solved.ticketId,
      score: 4,
      channel: 'email',
      department: 'rs',
      ratedAt: new Date('2025-06-11T02:00:00Z'),
    });

    // Half a second before midnight at the end of 30 June in Dhaka: inside the period.
    ids.lastSecond = (
      await insertTicket(ctx.db, null, { ...inGroup, title: '-2+3', createdAt: new Date('2025-06-30T17:59:59.500Z') })
    ).ticketId;
    ids.quick = (
      await insertTicket(ctx.db, agent, {
        ...inGroup,
        title: '@SUM(A1)',
        createdAt: new Date('2025-06-15T06:00:00Z'),
        resolvedAt: new Date(Date.parse('2025-06-15T06:00:00Z') + 2 * HOUR),
      })
    ).ticketId;
    // 1 July and 31 May in Dhaka, though 30 June and 31 May in UTC: outside.
    await insertTicket(ctx.db, agent, { ...inGroup, createdAt: new Date('2025-06-30T18:00:00Z') });
    await insertTicket(ctx.db, agent, { ...inGroup, createdAt: new Date('2025-05-31T17:59:59Z') });

    const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    workbook = await downloadWorkbook(ctx.app, await reportLink(ctx.app, headers, { ...JUNE, group_id: group.id }));
  });

  it("has one row per ticket of the provider's period, in id order", () => {
    const order = recordsOf(sheetOf(workbook, 'Tickets')).map((record) => record['Ticket ID']?.value);
    expect(order).toEqual([ids.solved, ids.lastSecond, ids.quick]);
  });

  it('describes each ticket: status, priority, holder, issuer, forwards and comments', () => {
    const [solved, publicTicket] = recordsOf(sheetOf(workbook, 'Tickets'));
    const text = (record: typeof solved, header: string) => record?.[header]?.text;
    expect(text(solved, 'Problematic Number')).toBe('+8801712345678');
    expect(text(solved, 'Group')).toBe(groupName);
    expect(text(solved, 'Status')).toBe('Solved');
    expect(text(solved, 'Priority')).toBe('Urgent');
    expect(text(publicTicket, 'Priority')).toBe('Normal');
    expect(text(solved, 'Issued To')).toBe('Retail Sales');
    expect(text(solved, 'Assigned To')).toBe('Nusrat Holder');
    expect(text(solved, 'Issued By')).toBe('Rahim Agent');
    expect(text(solved, 'Issuer Number')).toBe('+8809638111111');
    expect(text(solved, 'Issuer Type')).toBe('Agent');
    expect(solved?.['Forwards']?.value).toBe(2);
    expect(text(solved, 'Forward Path')).toBe('Customer Care → IPTSP → Retail Sales');
    expect(solved?.['Comments']?.value).toBe(3);
    // A ticket of the public form: the client's e-mail stands for the issuer.
    expect(text(publicTicket, 'Issued By')).toBe('client@example.com');
    expect(text(publicTicket, 'Issuer Type')).toBe('Customer');
    expect(publicTicket?.['Resolved']?.value ?? null).toBeNull();
    expect(publicTicket?.['Forwards']?.value).toBe(0);
    expect(publicTicket?.['Assigned To']?.value ?? null).toBeNull();
  });

  it("gives each rated ticket the issuer's score, and leaves the others empty", () => {
    const [solved, publicTicket] = recordsOf(sheetOf(workbook, 'Tickets'));
    expect(solved?.['Rating']?.value).toBe(4);
    expect(publicTicket?.['Rating']?.value ?? null).toBeNull();
  });

  it("writes dates as date cells holding the provider's wall clock, and the time to resolve in hours", () => {
    const [solved] = recordsOf(sheetOf(workbook, 'Tickets'));
    const created = solved?.['Created'];
    expect(created?.value).toBeInstanceOf(Date);
    expect((created?.value as Date).toISOString()).toBe('2025-06-11T00:30:00.000Z');
    expect(created?.numFmt).toBe('yyyy-mm-dd hh:mm');
    expect((solved?.['Resolved']?.value as Date).toISOString()).toBe('2025-06-11T06:30:00.000Z');
    expect(solved?.['Time to Resolve (hours)']?.value).toBe(6);
  });

  it('keeps text that looks like a formula as text', () => {
    const titles = recordsOf(sheetOf(workbook, 'Tickets')).map((record) => record['Title']);
    expect(titles.map((cell) => cell?.text)).toEqual(['=HYPERLINK("http://x","y")', '-2+3', '@SUM(A1)']);
    for (const cell of titles) {
      expect(cell?.type).not.toBe(FORMULA_TYPE);
      expect(cell?.formula).toBeUndefined();
    }
    const [solved] = recordsOf(sheetOf(workbook, 'Tickets'));
    expect(solved?.['Problematic Number']?.type).not.toBe(FORMULA_TYPE);
  });

  it('has a styled, frozen, filterable header and sized columns', () => {
    const sheet = sheetOf(workbook, 'Tickets');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(3).width).toBe(60);
  });

  it('sums the period up: counts by status, department and group, and the median time to resolve', () => {
    const summary = summaryOf(workbook);
    expect(summary.get('Report/Period')).toBe('2025-06-01 to 2025-06-30');
    expect(summary.get('Report/Group')).toBe(groupName);
    expect(summary.get('Totals/Tickets')).toBe(3);
    expect(summary.get('Totals/Solved tickets')).toBe(2);
    expect(summary.get('Totals/Median time to resolve (hours)')).toBe(4);
    expect([summary.get('By status/Open'), summary.get('By status/In Progress'), summary.get('By status/Solved')]).toEqual([
      1, 0, 2,
    ]);
    expect(summary.get('By department/Customer Care')).toBe(2);
    expect(summary.get('By department/Retail Sales')).toBe(1);
    expect(summary.get('By department/IPTSP')).toBe(0);
    expect(summary.get(`By group/${groupName}`)).toBe(3);
  });
});
