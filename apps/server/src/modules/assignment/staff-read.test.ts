import { expect, it } from 'vitest';
import { STAFF_PAGE_SIZE, type StaffReply, type UserType } from '@switchboard/shared';
import { describeWithApp } from '../../../test/harness.ts';
import { buildUser, signedInAs } from '../../../test/factories.ts';
import { users } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';

/** GET /staff: the colleagues a ticket can be handed to (DESIGN.md §19), the read behind the assignee picker. */
describeWithApp('the staff of a department', (ctx) => {
  const person = (userType: UserType, name?: string) => signedInAs(ctx.app, ctx.db, { userType, name });
  const read = (headers: Record<string, string>, query: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/staff?${query}`, headers });
  const stamp = Date.now().toString(36);

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff' })).statusCode).toBe(401);
  });

  it.each(['customer', 'agent'] as const)('refuses a %s with 403', async (userType) => {
    const caller = await person(userType);
    const reply = await read(caller.headers, 'department=rs');
    expect(reply.statusCode, reply.body).toBe(403);
    expect(reply.json()).toMatchObject({ code: 'forbidden' });
  });

  it("lists a department's live staff by name with their department, never their numbers, searchable", async () => {
    const caller = await person('iptsp');
    await buildUser(ctx.db, { userType: 'iptsp', name: `Zeta ${stamp}` });
    await buildUser(ctx.db, { userType: 'iptsp', name: `Alpha ${stamp}` });
    await buildUser(ctx.db, { userType: 'rs', name: `Beta ${stamp}` });
    await buildUser(ctx.db, { userType: 'customer', name: `Gamma ${stamp}` });
    const gone = await buildUser(ctx.db, { userType: 'iptsp', name: `Delta ${stamp}` });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));

    const reply = await read(caller.headers, `department=iptsp&q=${stamp}`);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<StaffReply>();
    expect(body.data.map((member) => member.name)).toEqual([`Alpha ${stamp}`, `Zeta ${stamp}`]);
    expect(body.data[0]).toEqual({ id: expect.any(String), name: `Alpha ${stamp}`, department: 'iptsp' });
    expect(body.next_page).toBeNull();

    // Without a department: every department's staff (cc may hand a ticket to any of them), never customers.
    const all = (await read(caller.headers, `q=${stamp}`)).json<StaffReply>();
    expect(all.data.map((member) => [member.name, member.department])).toEqual([
      [`Alpha ${stamp}`, 'iptsp'],
      [`Beta ${stamp}`, 'rs'],
      [`Zeta ${stamp}`, 'iptsp'],
    ]);
  });

  it('reads oss-bss staff by the department name', async () => {
    const caller = await person('cc');
    await buildUser(ctx.db, { userType: 'oss_bss', name: `Omega ${stamp}` });
    const body = (await read(caller.headers, `department=oss-bss&q=${encodeURIComponent(`Omega ${stamp}`)}`)).json<StaffReply>();
    expect(body.data).toEqual([{ id: expect.any(String), name: `Omega ${stamp}`, department: 'oss-bss' }]);
  });

  it('pages through many staff', async () => {
    const caller = await person('rs');
    const many = `Many${stamp}`;
    for (let i = 0; i < STAFF_PAGE_SIZE + 3; i += 1)
      await buildUser(ctx.db, { userType: 'rs', name: `${many} ${String(i).padStart(2, '0')}` });
    const first = (await read(caller.headers, `department=rs&q=${many}`)).json<StaffReply>();
    expect(first.data).toHaveLength(STAFF_PAGE_SIZE);
    expect(first.next_page).toBe(2);
    const second = (await read(caller.headers, `department=rs&q=${many}&page=2`)).json<StaffReply>();
    expect(second.data.map((member) => member.name)).toEqual([`${many} 20`, `${many} 21`, `${many} 22`]);
    expect(second.next_page).toBeNull();
    expect(second.previous_page).toBe(1);
  });

  it.each([
    ['an unknown department', 'department=sales'],
    ['a page of zero', 'page=0'],
    ['a search too long', `q=${'a'.repeat(101)}`],
  ])('refuses %s with 400', async (_name, query) => {
    const caller = await person('cc');
    const reply = await read(caller.headers, query);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'validation' });
  });
});
