import { beforeAll, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/api-client-factories.ts';
import { signedInAs } from '../../../test/factories.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { buildGroup, buildTicket } from '../../../test/ticket-factories.ts';
import { outboxOf } from '../notifications/notifications.test-support.ts';
import { auditOf, storedTicket } from '../incidents/incidents.test-support.ts';
import { SYSTEM_ACCOUNT_ID } from './alarm-recovery.ts';
import {
  alarmCalls,
  genericAlarm,
  insertRule,
  intakeOf,
  linkTickets,
  storedIncident,
  uniqueSite,
} from './alarms.test-support.ts';

const RESTORED = 'The fibre is spliced; your connection is back.';
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describeWithApp(
  'alarm recovery',
  (ctx) => {
    const calls = () => alarmCalls(ctx.app);
    let client: TestClient;
    let groupId: string;

    beforeAll(async () => {
      const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
      client = await createClient(ctx.app, ctx.db, admin.headers, { scopes: ['alarms:write'], department: 'cc' });
      groupId = (await buildGroup(ctx.db, { subgroups: [] })).group.id;
    });

    /** A rule for a fresh site, its incident opened by a firing alarm. */
    const openedIncident = async (rule: { autoResolve: boolean; restorationMessage?: string }) => {
      const site = uniqueSite();
      await insertRule(ctx.db, { groupId, areaCodes: [site], matchers: [{ name: 'site', op: '=', value: site }], ...rule });
      const alarm = (status: string) => genericAlarm(site, { labels: { site }, status });
      const send = async (status: 'firing' | 'resolved') =>
        intakeOf(await calls().generic(client.headers, { alarms: [alarm(status)] }));
      const [id = 0] = (await send('firing')).opened_incident_ids;
      return { id, send };
    };

    it('resolves the incident with the restoration message once every alarm stayed resolved for the hold-down', async () => {
      const { id, send } = await openedIncident({ autoResolve: true, restorationMessage: RESTORED });
      const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
      const tickets = await Promise.all([1, 2].map(() => buildTicket(ctx.db, customer.user, { issuedTo: 'rs' })));
      await linkTickets(
        ctx.db,
        id,
        tickets.map((ticket) => ticket.ticketId),
      );

      await send('resolved');
      expect((await storedIncident(ctx.db, id)).alarmsClearSince).toBeInstanceOf(Date);
      // Within the hold-down nothing happens.
      expect((await ctx.app.alarmSweep.runOnce(minutesFromNow(5))).resolved).not.toContain(id);
      expect((await storedIncident(ctx.db, id)).status).toBe('active');

      expect((await ctx.app.alarmSweep.runOnce(minutesFromNow(11))).resolved).toContain(id);
      expect(await storedIncident(ctx.db, id)).toMatchObject({ status: 'resolved', resolutionMessage: RESTORED });
      for (const ticket of tickets) {
        expect(await storedTicket(ctx.db, ticket.ticketId)).toMatchObject({
          status: 'closed',
          comments: [{ message: RESTORED, internal: false, by: 'Network monitoring' }],
        });
        expect((await outboxOf(ctx.db, ticket.ticketId)).map((row) => [row.channel, row.kind, row.recipient])).toEqual([
          ['sms', 'resolved', customer.user.productNumber],
        ]);
      }
      const rows = await auditOf(ctx.db, id);
      expect(rows.map((row) => [row.action, row.actor])).toEqual([
        ['incident.create', client.accountId],
        ['incident.resolve', SYSTEM_ACCOUNT_ID],
      ]);
    });

    it('cancels the hold-down when an alarm fires again within it, and asks staff when the rule does not auto-resolve', async () => {
      const { id, send } = await openedIncident({ autoResolve: false });
      await send('resolved');
      const flapped = await send('firing');
      expect(flapped.joined_incident_ids).toEqual([id]);
      expect((await storedIncident(ctx.db, id)).alarmsClearSince).toBeNull();
      expect((await ctx.app.alarmSweep.runOnce(minutesFromNow(11))).prompted).not.toContain(id);

      await send('resolved');
      expect((await ctx.app.alarmSweep.runOnce(minutesFromNow(11))).prompted).toContain(id);
      const incident = await storedIncident(ctx.db, id);
      expect(incident.status).toBe('active');
      expect(incident.networkRecoveredAt).toBeInstanceOf(Date);
      // Asked once: the next sweep leaves it to staff.
      expect((await ctx.app.alarmSweep.runOnce(minutesFromNow(12))).prompted).not.toContain(id);
    });
  },
  { env: { ALARM_HOLD_DOWN_MINUTES: '10' } },
);
