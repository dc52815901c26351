/**
 * What a merge moves and leaves (DESIGN.md §27): the conversation on the target marked "from ticket
 * N", the source closed with its comment, the issuer told once, the audit row, live events, the
 * number's history and the report.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { NumberHistoryReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { comments, forwardChainMembers, forwardEvents, ratingQuestions, tickets } from '../../db/schema.ts';
import { listen, openEventStream, type EventStream } from '../events/events.test-support.ts';
import { outboxOf } from '../notifications/notifications.test-support.ts';
import { downloadWorkbook, JUNE, recordsOf, reportLink, sheetOf } from '../reports/reports.test-support.ts';
import { duplicates, mergeCalls } from './merge.test-support.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describeWithApp(
  'merging duplicate tickets: what moves',
  (ctx) => {
    const calls = mergeCalls(ctx);
    let baseUrl = '';
    const streams: EventStream[] = [];
    beforeAll(async () => {
      baseUrl = await listen(ctx.app);
    });
    afterAll(() => {
      for (const stream of streams) stream.close();
    });

    it('moves comments, the description with its images, and forwards to the target, marked and interleaved by time', async () => {
      const { staff, customer, older, newer } = await duplicates(ctx, {}, { createdAt: minutesAgo(45) });
      await ctx.db
        .update(tickets)
        .set({ attachments: ['uploads/router.png'] })
        .where(eq(tickets.ticketId, newer.ticketId));
      await ctx.db.insert(comments).values([
        {
          ticketId: older.ticketId,
          commenterName: 'Rahim',
          commenterUserType: 'cc',
          message: 'on older, 50 min ago',
          createdAt: minutesAgo(50),
        },
        {
          ticketId: newer.ticketId,
          commenterName: 'Karim',
          commenterUserId: customer.user.id,
          commenterUserType: 'customer',
          message: 'on newer, 40 min ago',
          createdAt: minutesAgo(40),
        },
        {
          ticketId: older.ticketId,
          commenterName: 'Rahim',
          commenterUserType: 'cc',
          message: 'on older, 30 min ago',
          createdAt: minutesAgo(30),
        },
        {
          ticketId: newer.ticketId,
          commenterName: 'Rahim',
          commenterUserType: 'cc',
          message: 'a note',
          isInternal: true,
          createdAt: minutesAgo(20),
        },
      ]);
      await ctx.db.insert(forwardEvents).values({
        ticketId: newer.ticketId,
        previouslyIssuedTo: 'cc',
        newlyIssuedTo: 'iptsp',
        forwardCause: 'line test',
        forwardedByName: 'Rahim',
        createdAt: minutesAgo(35),
      });
      const staffStream = await openEventStream(baseUrl, staff.token);
      streams.push(staffStream);
      await staffStream.until((stream) => stream.comments.includes('ready'));

      expect((await calls.merge(staff.headers, newer.ticketId, older.ticketId)).statusCode).toBe(200);

      const target = await calls.view(staff.headers, older.ticketId);
      expect(target.comments.map((comment) => [comment.message, comment.from_ticket_id, comment.is_internal])).toEqual([
        ['on older, 50 min ago', null, false],
        [`Still no internet\n\nSince this morning.`, newer.ticketId, false],
        ['on newer, 40 min ago', newer.ticketId, false],
        ['on older, 30 min ago', null, false],
        ['a note', newer.ticketId, true],
      ]);
      const description = target.comments[1];
      expect(description?.commenter_name).toBe('Karim');
      expect(description?.created_at).toBe(newer.createdAt.toISOString());
      expect(description?.attachments).toHaveLength(1);
      expect(description?.attachments[0]).toMatch(/uploads\/router\.png$/);
      expect(target.forwarder_history).toMatchObject([{ newly_issued_to: 'iptsp', from_ticket_id: newer.ticketId }]);
      expect(target.merged_into).toBeNull();
      // The forwarded list: the target is in iptsp's chain now, the source in none.
      const chains = await ctx.db.select().from(forwardChainMembers).where(eq(forwardChainMembers.department, 'iptsp'));
      expect(chains.map((row) => row.ticketId)).toContain(older.ticketId);
      expect(chains.map((row) => row.ticketId)).not.toContain(newer.ticketId);

      const source = await calls.view(staff.headers, newer.ticketId);
      expect(source).toMatchObject({ ticket_status: 'closed', merged_into: older.ticketId, forwarder_history: [] });
      expect(source.resolved_at).not.toBeNull();
      expect(source.comments.map((comment) => [comment.message, comment.is_internal, comment.commenter_name])).toEqual([
        [`Merged into ticket #${older.ticketId}.`, false, 'Rahim'],
      ]);
      // The customer may see the target, so their view of the source leads there too.
      expect((await calls.view(customer.headers, newer.ticketId)).merged_into).toBe(older.ticketId);

      const [audit, ...more] = await calls.auditRows(newer.ticketId);
      expect(more).toEqual([]);
      expect(audit).toMatchObject({ actorUserId: staff.user.id, details: { into: older.ticketId, internal: false } });
      await staffStream.until((stream) => stream.events.length >= 2);
      expect(staffStream.events).toEqual(
        expect.arrayContaining([
          { event: 'ticket.changed', data: { ticket_id: newer.ticketId } },
          { event: 'ticket.changed', data: { ticket_id: older.ticketId } },
        ]),
      );
    });

    it('tells the source’s issuer once, in their language, and never asks how it went', async () => {
      const { staff, customer, older, newer } = await duplicates(ctx);
      expect((await calls.merge(staff.headers, newer.ticketId, older.ticketId)).statusCode).toBe(200);
      const told = await outboxOf(ctx.db, newer.ticketId);
      expect(told.map((row) => [row.kind, row.channel, row.recipient])).toEqual([['merged', 'sms', customer.user.productNumber]]);
      expect(told[0]?.body).toBe(
        `Acme Net: your ticket #${newer.ticketId} was joined with ticket #${older.ticketId}; we continue there. https://desk.example/view-ticket?id=${newer.ticketId}`,
      );
      expect(await outboxOf(ctx.db, older.ticketId)).toEqual([]);
      expect(await ctx.db.select().from(ratingQuestions).where(eq(ratingQuestions.ticketId, newer.ticketId))).toEqual([]);
    });

    it('turns the moved words into internal notes when the issuers differ: the target’s issuer never reads them', async () => {
      const { staff, customer, older } = await duplicates(ctx);
      const neighbour = await signedInAs(ctx.app, ctx.db, { userType: 'customer', name: 'Neighbour' });
      const theirs = await buildTicket(ctx.db, neighbour.user, {
        problematicNumber: older.problematicNumber,
        title: 'My own words',
      });
      await ctx.db.insert(comments).values({
        ticketId: theirs.ticketId,
        commenterName: 'Neighbour',
        commenterUserId: neighbour.user.id,
        commenterUserType: 'customer',
        message: 'my address is 12 Lake Road',
      });
      expect((await calls.merge(staff.headers, theirs.ticketId, older.ticketId)).statusCode).toBe(200);
      const forStaff = await calls.view(staff.headers, older.ticketId);
      expect(forStaff.comments.map((comment) => [comment.from_ticket_id, comment.is_internal])).toEqual([
        [theirs.ticketId, true],
        [theirs.ticketId, true],
      ]);
      const forCustomer = await calls.view(customer.headers, older.ticketId);
      expect(JSON.stringify(forCustomer)).not.toContain('Lake Road');
      expect(JSON.stringify(forCustomer)).not.toContain('My own words');
      // The neighbour may not see the target: their view stays on the source, with its last comment.
      const forNeighbour = await calls.view(neighbour.headers, theirs.ticketId);
      expect(forNeighbour.merged_into).toBeNull();
      expect(forNeighbour.comments.at(-1)?.message).toBe(`Merged into ticket #${older.ticketId}.`);
      expect((await calls.auditRows(theirs.ticketId))[0]).toMatchObject({ details: { internal: true } });
    });

    it('keeps the number’s history right: counts, every event once, the source closed', async () => {
      const { staff, older, newer, problematicNumber } = await duplicates(ctx);
      await ctx.db.insert(comments).values({
        ticketId: newer.ticketId,
        commenterName: 'Rahim',
        commenterUserType: 'cc',
        message: 'checked the line',
        createdAt: minutesAgo(5),
      });
      expect((await calls.merge(staff.headers, newer.ticketId, older.ticketId)).statusCode).toBe(200);
      const reply = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/tickets/number-history/+${problematicNumber}`,
        headers: staff.headers,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const history = reply.json<NumberHistoryReply>().data;
      expect(history).toMatchObject({ open_count: 1, total_count: 2 });
      const events = history.timeline.map((event) => `${event.kind}:${event.ticket_id}`);
      expect(events.filter((event) => event === `resolved:${newer.ticketId}`)).toHaveLength(1);
      // The moved comment is told once, on the ticket it now belongs to; the source has its merged comment.
      expect(events.filter((event) => event.startsWith('commented:'))).toEqual(
        expect.arrayContaining([`commented:${newer.ticketId}`, `commented:${older.ticketId}`]),
      );
      expect(events.filter((event) => event === `commented:${older.ticketId}`)).toHaveLength(2);
    });

    it('reports the merged ticket as closed, with the ticket it went into', async () => {
      const rs = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
      const june = (day: number) => new Date(`2025-06-${String(day).padStart(2, '0')}T10:00:00+06:00`);
      const { staff, older, newer } = await duplicates(
        ctx,
        { createdAt: june(3), title: 'June duplicate' },
        { createdAt: june(4) },
      );
      expect((await calls.merge(staff.headers, newer.ticketId, older.ticketId)).statusCode).toBe(200);
      const workbook = await downloadWorkbook(ctx.app, await reportLink(ctx.app, rs.headers, JUNE));
      const rows = recordsOf(sheetOf(workbook, 'Tickets'));
      const rowOf = (ticketId: number) => rows.find((row) => row['Ticket ID']?.value === ticketId);
      expect(rowOf(newer.ticketId)?.['Status']?.value).toBe('Solved');
      expect(rowOf(newer.ticketId)?.['Merged Into']?.value).toBe(older.ticketId);
      expect(rowOf(older.ticketId)?.['Merged Into']?.value ?? null).toBeNull();
      expect(rowOf(older.ticketId)?.['Comments']?.value).toBe(1);
    });
  },
  { env: { BRAND_NAME: 'Acme Net', PUBLIC_URL: 'https://desk.example' } },
);
