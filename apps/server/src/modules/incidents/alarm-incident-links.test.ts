import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { IncidentSuggestionsReply, IssueTicketReply, PublicNote } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { createClient } from '../../../test/api-client-factories.ts';
import { signedInAs, solveCaptcha } from '../../../test/factories.ts';
import { buildGroup, buildTicket, ticketBody } from '../../../test/ticket-factories.ts';
import { auditLog, incidents, tickets } from '../../db/schema.ts';
import { incidentCalls } from './incidents.test-support.ts';

type Group = Awaited<ReturnType<typeof buildGroup>>;

describeWithApp('tickets join the incident an alarm opened', (ctx) => {
  const calls = () => incidentCalls(ctx.app);

  /** An incident inserted directly, as alarm intake or staff would open it. */
  const openIncident = async (group: Group, fields: { openedBy?: 'alarm' | 'staff'; status?: 'active' | 'resolved' } = {}) => {
    const [row] = await ctx.db
      .insert(incidents)
      .values({
        title: 'Core router down',
        groupId: group.group.id,
        subGroupId: group.subgroups[0]?.id ?? null,
        status: fields.status ?? 'active',
        publicNote: 'We know about a fibre cut in Mirpur and are working on it.',
        openedBy: fields.openedBy ?? 'alarm',
      })
      .returning();
    if (!row) throw new Error('no incident');
    return row;
  };
  const incidentOf = async (ticketId: number) => {
    const [row] = await ctx.db.select({ incidentId: tickets.incidentId }).from(tickets).where(eq(tickets.ticketId, ticketId));
    return row?.incidentId ?? null;
  };
  const issue = async (headers: Record<string, string>, group: Group) => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/v1/tickets/issue-ticket', headers, payload: ticketBody(group) });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<IssueTicketReply>().data;
  };

  it('links a ticket created in the subgroup at once, with the link audited', async () => {
    const group = await buildGroup(ctx.db);
    const incident = await openIncident(group);
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const created = await issue(customer.headers, group);
    expect(await incidentOf(created.ticket_id)).toBe(incident.id);
    // The issuer is not told which incident; staff are.
    expect(created).not.toHaveProperty('incident_id');
    const cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    expect((await calls().view(cc.headers, created.ticket_id)).incident_id).toBe(incident.id);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `incident:${incident.id}`), eq(auditLog.action, 'incident.link')));
    expect(rows.map((row) => row.details)).toEqual([{ ticket_ids: [created.ticket_id], tickets_linked: 1, at_creation: true }]);
    expect(rows[0]?.actorUserId).toBe(customer.user.id);
  });

  it('links tickets of staff, of the public form and of an API client', async () => {
    const group = await buildGroup(ctx.db);
    const incident = await openIncident(group);
    const staff = await signedInAs(ctx.app, ctx.db, { userType: 'rs' });
    const byStaff = await issue(staff.headers, group);
    expect(await incidentOf(byStaff.ticket_id)).toBe(incident.id);
    const publicReply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/issue-ticket/public',
      payload: { ...ticketBody(group), client_email: 'reporter@example.com', token: await solveCaptcha(ctx.app) },
      remoteAddress: '10.31.0.7',
    });
    expect(publicReply.statusCode, publicReply.body).toBe(201);
    expect(await incidentOf(publicReply.json<IssueTicketReply>().data.ticket_id)).toBe(incident.id);
    const admin = await signedInAs(ctx.app, ctx.db, { userType: 'cc', role: 'admin' });
    const client = await createClient(ctx.app, ctx.db, admin.headers, { scopes: ['tickets:read', 'tickets:write'] });
    const byClient = await issue(client.headers, group);
    expect(await incidentOf(byClient.ticket_id)).toBe(incident.id);
  });

  it('links nothing for an incident staff opened, or one already resolved, or of another subgroup', async () => {
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    for (const fields of [{ openedBy: 'staff' }, { status: 'resolved' }] as const) {
      const group = await buildGroup(ctx.db);
      await openIncident(group, fields);
      const created = await issue(customer.headers, group);
      expect(await incidentOf(created.ticket_id)).toBeNull();
    }
    const group = await buildGroup(ctx.db, { subgroups: ['Fibre', 'Billing'] });
    await openIncident(group);
    const elsewhere = await issue(customer.headers, { ...group, subgroups: group.subgroups.slice(1) });
    expect(await incidentOf(elsewhere.ticket_id)).toBeNull();
  });

  it('serves the public note of an incident an alarm opened', async () => {
    const group = await buildGroup(ctx.db);
    await openIncident(group);
    const reply = await calls().publicNotes(`?sub_group_id=${group.subgroups[0]?.id}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ data: PublicNote[] }>().data.map((note) => note.public_note)).toEqual([
      'We know about a fibre cut in Mirpur and are working on it.',
    ]);
  });

  it('shows no burst suggestion for a subgroup an alarm already opened an incident for', async () => {
    const customer = await signedInAs(ctx.app, ctx.db, { userType: 'customer' });
    const burst = async (group: Group) => {
      for (let i = 0; i < 6; i++)
        await buildTicket(ctx.db, customer.user, { groupId: group.group.id, subGroupId: group.subgroups[0]?.id ?? null });
    };
    const [alarmed, staffed, quiet] = [await buildGroup(ctx.db), await buildGroup(ctx.db), await buildGroup(ctx.db)];
    await openIncident(alarmed);
    await openIncident(staffed, { openedBy: 'staff' });
    for (const group of [alarmed, staffed, quiet]) await burst(group);
    const cc = await signedInAs(ctx.app, ctx.db, { userType: 'cc' });
    const reply = await calls().suggestions(cc.headers);
    expect(reply.statusCode, reply.body).toBe(200);
    const shown = new Set(reply.json<IncidentSuggestionsReply>().data.map((suggestion) => suggestion.sub_group_id));
    expect(shown.has(alarmed.subgroups[0]?.id ?? '')).toBe(false);
    expect(shown.has(staffed.subgroups[0]?.id ?? '')).toBe(true);
    expect(shown.has(quiet.subgroups[0]?.id ?? '')).toBe(true);
  });
});
