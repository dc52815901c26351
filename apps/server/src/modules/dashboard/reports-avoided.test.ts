import { beforeAll, expect, it } from 'vitest';
import type { DashboardReply } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { buildArea, buildAreaIncident, randomSubscriberNumber } from '../../../test/outage-factories.ts';
import { buildTicket } from '../../../test/ticket-factories.ts';
import { statusChecks } from '../../db/schema.ts';

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

describeWithApp('reports avoided on the dashboard', (ctx) => {
  let incident: number;
  const checked = async (number: string, at: Date, outageShown = true) => {
    await ctx.db.insert(statusChecks).values({ number, outageShown, incidentId: outageShown ? incident : null, checkedAt: at });
    return number;
  };
  const avoided = async (query = '') => {
    const { headers } = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/dashboard${query}`, headers });
    expect(reply.statusCode).toBe(200);
    return reply.json<DashboardReply>().data.reports_avoided;
  };

  beforeAll(async () => {
    incident = await buildAreaIncident(ctx.db, [await buildArea(ctx.db)], { createdAt: ago(3 * 24 * 60) });
    // Avoided: shown an outage, no ticket at all.
    await checked(randomSubscriberNumber(), ago(120));
    // Avoided: the ticket came after the 30 minutes.
    const late = await checked(randomSubscriberNumber(), ago(120));
    await buildTicket(ctx.db, null, { problematicNumber: late, createdAt: ago(80) });
    // Avoided once: the same number checked twice in one incident.
    const twice = randomSubscriberNumber();
    await checked(twice, ago(200));
    await checked(twice, ago(190));
    // Not avoided: a ticket from that number within 30 minutes.
    const reported = await checked(randomSubscriberNumber(), ago(120));
    await buildTicket(ctx.db, null, { problematicNumber: reported, createdAt: ago(100) });
    // Not avoided: no outage was shown.
    await checked(randomSubscriberNumber(), ago(120), false);
    // Not yet: its 30 minutes have not passed.
    await checked(randomSubscriberNumber(), ago(5));
    // Outside the period of 30 days.
    await checked(randomSubscriberNumber(), ago(40 * 24 * 60));
  });

  it('counts outages shown without a ticket from that number within 30 minutes, once per number and incident', async () => {
    expect(await avoided()).toBe(3);
  });

  it("counts only the dashboard's period", async () => {
    expect(await avoided('?days=90')).toBe(4);
  });
});
