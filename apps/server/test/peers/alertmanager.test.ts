/**
 * The desk and a real Prometheus Alertmanager (DESIGN.md §22): alerts posted to Alertmanager's own
 * API reach the desk through its webhook receiver with a client's token, open an incident, a repeat
 * changes nothing, a ticket raised meanwhile is linked, and the recovery resolves it all after the
 * hold-down.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlarmListReply, IssueTicketReply } from '@switchboard/shared';
import { incidents, tickets } from '../../src/db/schema.ts';
import { createClient } from '../api-client-factories.ts';
import { signedInAs } from '../factories.ts';
import { describeWithApp } from '../harness.ts';
import { buildGroup, ticketBody } from '../ticket-factories.ts';
import { startAlertmanager, type AlertmanagerPeer, type PostedAlert } from './alertmanager-peer.ts';

/** Alertmanager sends within group_wait (1 s); a few seconds cover a busy machine. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeWithApp(
  'alarms from a real Alertmanager',
  (ctx) => {
    let peer: AlertmanagerPeer;
    let staff: Record<string, string>;
    let group: Awaited<ReturnType<typeof buildGroup>>;
    const oltDown: PostedAlert = {
      labels: { alertname: 'OltDown', site: 'dhaka-1', severity: 'critical' },
      annotations: { summary: 'OLT dhaka-1 is down' },
    };

    beforeAll(async () => {
      const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
      staff = (await signedInAs(ctx.app, ctx.db, { userType: 'cc' })).headers;
      group = await buildGroup(ctx.db, { subgroups: ['No internet'] });
      const rule = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/alarm-rules',
        headers: admin.headers,
        payload: {
          name: 'OLTs of Dhaka',
          matchers: [
            { name: 'alertname', op: '=', value: 'OltDown' },
            { name: 'site', op: '=~', value: 'dhaka-[0-9]+' },
          ],
          group_id: group.group.id,
          sub_group_id: group.subgroups[0]?.id,
          public_note_template: 'Internet is down around {labels.site}. We are on it.',
          restoration_message: 'The network is back. Please restart your router if it is still down.',
          auto_resolve: true,
        },
      });
      expect(rule.statusCode, rule.body).toBe(201);
      const client = await createClient(ctx.app, ctx.db, admin.headers, { name: 'Alertmanager', scopes: ['alarms:write'] });
      const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      peer = await startAlertmanager(address, client.token);
    });

    afterAll(async () => {
      await peer?.stop();
    });

    const firing = async () => {
      const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/alarms?view=firing', headers: staff });
      return reply.json<AlarmListReply>();
    };
    const activeIncidentsOfAlarms = () => ctx.db.select().from(incidents).where(eq(incidents.openedBy, 'alarm'));

    it('opens one incident for a firing alert, with the rule public note', async () => {
      await peer.postAlerts([oltDown]);
      const list = await eventually(firing, (reply) => reply.total === 1, 'the firing alarm');
      const [alarm] = list.data;
      expect(alarm).toMatchObject({ source: 'alertmanager', summary: 'OLT dhaka-1 is down', severity: 'critical' });
      const opened = await activeIncidentsOfAlarms();
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({
        status: 'active',
        subGroupId: group.subgroups[0]?.id,
        publicNote: 'Internet is down around dhaka-1. We are on it.',
      });
      expect(alarm?.incident_id).toBe(opened[0]?.id);
    });

    it('changes nothing on a repeat, and links a ticket raised meanwhile', async () => {
      const before = (await firing()).data[0];
      await peer.postAlerts([oltDown]);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const after = await firing();
      expect(after.total).toBe(1);
      expect(after.data[0]?.first_seen).toBe(before?.first_seen);
      expect(await activeIncidentsOfAlarms()).toHaveLength(1);

      const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
      const issued = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers: customer.headers,
        payload: ticketBody(group),
      });
      expect(issued.statusCode, issued.body).toBe(201);
      const ticketId = issued.json<IssueTicketReply>().data.ticket_id;
      const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.ticketId, ticketId));
      expect(ticket?.incidentId).toBe(before?.incident_id);
    });

    it('resolves the incident and its tickets when the alert resolves and the hold-down passes', async () => {
      await peer.postAlerts([{ ...oltDown, endsAt: new Date(Date.now() - 1000).toISOString() }]);
      await eventually(firing, (reply) => reply.total === 0, 'the recovery');
      const [incident] = await activeIncidentsOfAlarms();
      expect(incident?.status).toBe('active');
      await ctx.app.alarmSweep.runOnce(new Date(Date.now() + 60_000));
      const [resolved] = await activeIncidentsOfAlarms();
      expect(resolved?.status).toBe('resolved');
      const linked = await ctx.db
        .select()
        .from(tickets)
        .where(eq(tickets.incidentId, resolved?.id ?? 0));
      expect(linked.length).toBeGreaterThan(0);
      expect(linked.every((ticket) => ticket.ticketStatus === 'closed')).toBe(true);
    });
  },
  { env: { ALARM_HOLD_DOWN_MINUTES: '0' } },
);
