/** Live events of an account that changes: a demotion, a renumbering or a deletion ends its streams at once. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { publishTicketEvent } from './publish.ts';
import { listen, openEventStream, viewers, type EventStream, type Viewer } from './events.test-support.ts';

describeWithApp(
  'live events: an account that changes',
  (ctx) => {
    // The default heartbeat (25 s): nothing here may wait for it.
    let baseUrl = '';
    const open: EventStream[] = [];
    beforeAll(async () => {
      baseUrl = await listen(ctx.app);
    });
    afterAll(() => {
      for (const opened of open) opened.close();
    });
    const admin = () => signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    const streamOf = async (viewer: Viewer) => {
      const opened = await openEventStream(baseUrl, viewer.token);
      open.push(opened);
      await opened.until((s) => s.comments.includes('ready'));
      return opened;
    };
    const newTicket = async (ticketId: number) =>
      ctx.db.transaction((tx) =>
        publishTicketEvent(tx, { event: 'ticket.created', ticket_id: ticketId, issuer_user_id: null, internal: false }),
      );

    it('ends the stream of a demoted account at once, and it hears no further ticket ids', async () => {
      const staff = await viewers(ctx)('cc');
      const other = await viewers(ctx)('iptsp');
      const opened = await streamOf(staff);
      const untouched = await streamOf(other);
      const { headers } = await admin();
      const demoted = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${staff.user.id}`,
        headers,
        payload: { name: staff.user.name, product_number: staff.user.productNumber, user_type: 'customer', role: 'user' },
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
      await opened.until((s) => s.ended(), 2000);
      await newTicket(987_001);
      await untouched.until((s) => s.events.length >= 1);
      expect(opened.events).toEqual([]);
      expect(untouched.ended()).toBe(false);
      // The web's client reconnects, is refused, and signs the person out.
      expect((await openEventStream(baseUrl, staff.token)).status).toBe(401);
    });

    it('ends the stream of a deleted account at once', async () => {
      const staff = await viewers(ctx)('rs');
      const opened = await streamOf(staff);
      const { headers } = await admin();
      const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/users/${staff.user.id}`, headers });
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      await opened.until((s) => s.ended(), 2000);
      await newTicket(987_002);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(opened.events).toEqual([]);
    });

    it('keeps the stream of an account whose edit changes no right (a new name)', async () => {
      const staff = await viewers(ctx)('oss_bss');
      const opened = await streamOf(staff);
      const { headers } = await admin();
      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${staff.user.id}`,
        headers,
        payload: { name: 'Another Name', product_number: staff.user.productNumber, user_type: 'oss_bss', role: 'user' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await newTicket(987_003);
      await opened.until((s) => s.events.length >= 1);
      expect(opened.ended()).toBe(false);
    });
  },
  { env: { EVENT_HEARTBEAT_MS: '25000' } },
);
