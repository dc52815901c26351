/** Who hears a broadcast's progress, and the webhook of its end (DESIGN.md §15, §21, §23). */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Broadcast, Incident } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { frameFor } from '../events/event-hub.ts';
import { incidentCalls } from '../incidents/incidents.test-support.ts';
import { OUTAGE, broadcastCalls, seedArea, seedSubscribers } from './broadcasts.test-support.ts';

const changed = { event: 'broadcast.changed', incident_id: 4, broadcast_id: '4f7c1c1e-8a51-4c61-9d1a-0f3b6c2f9a10' } as const;

it('lets staff hear a broadcast’s progress, never customers or agents, and puts its end on no stream', () => {
  expect(frameFor({ id: 'a', user_type: 'rs' }, changed)).toBe(
    `event: broadcast.changed\ndata: ${JSON.stringify({ incident_id: 4, broadcast_id: changed.broadcast_id })}\n\n`,
  );
  expect(frameFor({ id: 'b', user_type: 'customer' }, changed)).toBeNull();
  expect(frameFor({ id: 'c', user_type: 'agent' }, changed)).toBeNull();
  expect(frameFor({ id: 'a', user_type: 'cc' }, { ...changed, event: 'broadcast.finished' })).toBeNull();
});

describeWithApp('the end of a broadcast', (ctx) => {
  it('writes one broadcast.finished delivery to the endpoints that listen to it', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const [listening] = await ctx.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example/a', department: 'cc', events: ['broadcast.finished'], secret: 'whsec_test' })
      .returning();
    await ctx.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example/b', department: 'cc', events: ['incident.changed'], secret: 'whsec_test' });
    await seedArea(ctx.db, 'HOOK-1');
    await seedSubscribers(ctx.db, 'HOOK-1', 3);
    const incident = (await incidentCalls(ctx.app).create(headers, { title: 'Cut', area_codes: ['HOOK-1'] })).json<{
      data: Incident;
    }>().data;
    const broadcast = (await broadcastCalls(ctx.app).create(headers, incident.id, OUTAGE)).json<{ data: Broadcast }>().data;
    expect(await ctx.app.broadcastSender.runOnce()).toBe(3);
    await ctx.app.broadcastSender.runOnce();

    const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'broadcast.finished'));
    expect(deliveries.map((row) => ({ endpoint: row.endpointId, key: row.orderingKey, subject: row.subject }))).toEqual([
      {
        endpoint: listening?.id,
        key: `broadcast:${broadcast.id}`,
        subject: { broadcast_id: broadcast.id, incident_id: incident.id },
      },
    ]);
  });
});
