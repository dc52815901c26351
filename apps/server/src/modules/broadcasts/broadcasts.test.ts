import { describe, expect, it } from 'vitest';
import {
  BROADCASTS_PER_INCIDENT_MAX,
  type Broadcast,
  type BroadcastPreview,
  type Incident,
  type UserType,
} from '@switchboard/shared';
import { broadcasts } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { incidentCalls } from '../incidents/incidents.test-support.ts';
import { OUTAGE, broadcastAudit, broadcastCalls, messagesOf, seedArea, seedSubscribers } from './broadcasts.test-support.ts';

let nextFirst = 0;
/** Numbers of their own for each test: the directory is shared by the suite. */
const freshNumbers = (count: number) => {
  nextFirst += count + 10;
  return nextFirst - count - 10;
};

/** Incident areas and outage broadcasts (DESIGN.md §23): the rules and the refusals. */
describeWithApp('outage broadcasts', (ctx) => {
  const calls = () => broadcastCalls(ctx.app);
  const incidents = () => incidentCalls(ctx.app);
  const person = (userType: UserType) => signedInAs(ctx.app, ctx.db, { userType });

  async function incidentWithAreas(headers: Record<string, string>, areaCodes: string[]): Promise<Incident> {
    const reply = await incidents().create(headers, { title: 'Fibre cut', public_note: 'We are on it.', area_codes: areaCodes });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json<{ data: Incident }>().data;
  }

  describe('incident areas', () => {
    it('lets staff set known areas, and refuses an unknown code, a repeated one, or more than 50', async () => {
      const cc = await person('cc');
      await seedArea(ctx.db, 'MIR-1', { en: 'Mirpur 1', bn: 'মিরপুর ১' });
      await seedArea(ctx.db, 'MIR-2');
      const incident = await incidentWithAreas(cc.headers, ['MIR-1']);
      expect(incident.area_codes).toEqual(['MIR-1']);

      const changed = await incidents().update(cc.headers, incident.id, { area_codes: ['MIR-1', 'MIR-2'] });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<{ data: Incident }>().data.area_codes).toEqual(['MIR-1', 'MIR-2']);

      const unknown = await incidents().update(cc.headers, incident.id, { area_codes: ['MIR-1', 'NOPE-9'] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'validation', details: { area_codes: 'No area has the code NOPE-9' } });
      const twice = await incidents().update(cc.headers, incident.id, { area_codes: ['MIR-1', 'MIR-1'] });
      expect(twice.statusCode).toBe(400);
      const many = await incidents().update(cc.headers, incident.id, {
        area_codes: Array.from({ length: 51 }, (_, n) => `A-${n}`),
      });
      expect(many.statusCode).toBe(400);
      const hostile = await incidents().update(cc.headers, incident.id, { area_codes: ["x'; drop table areas; --"] });
      expect(hostile.statusCode).toBe(400);
      expect((await incidents().detail(cc.headers, incident.id)).area_codes).toEqual(['MIR-1', 'MIR-2']);
      const unknownOnCreate = await incidents().create(cc.headers, { title: 'Cut', area_codes: ['NOPE-9'] });
      expect(unknownOnCreate.statusCode).toBe(400);
    });
  });

  describe('sending', () => {
    it('texts each active, not opted-out subscriber of the areas once, in their language, audited with the count', async () => {
      const cc = await person('cc');
      await seedArea(ctx.db, 'UTT-1');
      await seedArea(ctx.db, 'UTT-2');
      await seedArea(ctx.db, 'ELSE-1');
      const reached = [
        ...(await seedSubscribers(ctx.db, 'UTT-1', 6, { first: freshNumbers(6) })),
        ...(await seedSubscribers(ctx.db, 'UTT-2', 3, { first: freshNumbers(3) })),
      ];
      const suspended = await seedSubscribers(ctx.db, 'UTT-1', 2, { first: freshNumbers(2), status: 'suspended' });
      const optedOut = await seedSubscribers(ctx.db, 'UTT-2', 2, { first: freshNumbers(2), optedOut: true });
      const elsewhere = await seedSubscribers(ctx.db, 'ELSE-1', 2, { first: freshNumbers(2) });
      const incident = await incidentWithAreas(cc.headers, ['UTT-1', 'UTT-2']);

      const preview = await calls().preview(cc.headers, incident.id, 'outage');
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json<{ data: BroadcastPreview }>().data).toMatchObject({ recipients: 9, seconds: 1, rate_per_second: 20 });

      const reply = await calls().create(cc.headers, incident.id, OUTAGE);
      expect(reply.statusCode, reply.body).toBe(201);
      const broadcast = reply.json<{ message: string; data: Broadcast }>();
      expect(broadcast.message).toBe('Sending to 9 subscribers');
      expect(broadcast.data).toMatchObject({ kind: 'outage', status: 'sending', recipients: 9, sent: 0 });

      const messages = await messagesOf(ctx.db, broadcast.data.id);
      expect(messages.map((m) => m.recipient).sort()).toEqual([...reached].sort());
      for (const number of [...suspended, ...optedOut, ...elsewhere])
        expect(messages.some((m) => m.recipient === number)).toBe(false);
      // Every third seeded subscriber speaks English; the rest read Bangla.
      expect(new Set(messages.map((m) => m.body))).toEqual(new Set([OUTAGE.message_en, OUTAGE.message_bn]));
      expect(await broadcastAudit(ctx.db, incident.id)).toEqual([
        {
          action: 'broadcast.create',
          details: { broadcast_id: broadcast.data.id, kind: 'outage', recipients: 9, area_codes: ['UTT-1', 'UTT-2'] },
        },
      ]);

      // While it sends, the same kind is refused; once sent, nobody is left to tell it.
      expect((await calls().create(cc.headers, incident.id, OUTAGE)).json()).toMatchObject({ code: 'conflict' });
      expect(await ctx.app.broadcastSender.runOnce()).toBe(9);
      const listed = (await calls().list(cc.headers, incident.id)).json<{ data: Broadcast[] }>().data;
      expect(listed).toMatchObject([{ id: broadcast.data.id, status: 'finished', recipients: 9, sent: 9, failed: 0 }]);
      const again = await calls().create(cc.headers, incident.id, OUTAGE);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'Every subscriber of these areas has had this kind of message already' });
      expect((await calls().preview(cc.headers, incident.id, 'outage')).json<{ data: BroadcastPreview }>().data.recipients).toBe(
        0,
      );

      // A subscriber who joins the area later hears the outage once; the others are not told twice.
      const joined = await seedSubscribers(ctx.db, 'UTT-2', 1, { first: freshNumbers(1) });
      const late = await calls().create(cc.headers, incident.id, OUTAGE);
      expect(late.statusCode, late.body).toBe(201);
      expect((await messagesOf(ctx.db, late.json<{ data: Broadcast }>().data.id)).map((m) => m.recipient)).toEqual(joined);
      // Another kind reaches everybody again.
      const update = await calls().create(cc.headers, incident.id, { ...OUTAGE, kind: 'update' });
      expect(update.json<{ data: Broadcast }>().data.recipients).toBe(10);
    });

    it('sends once when the same request comes twice at once', async () => {
      const cc = await person('cc');
      await seedArea(ctx.db, 'DBL-1');
      await seedSubscribers(ctx.db, 'DBL-1', 25, { first: freshNumbers(25) });
      const incident = await incidentWithAreas(cc.headers, ['DBL-1']);
      const replies = await Promise.all([1, 2, 3].map(() => calls().create(cc.headers, incident.id, OUTAGE)));
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409, 409]);
      const listed = (await calls().list(cc.headers, incident.id)).json<{ data: Broadcast[] }>().data;
      expect(listed).toHaveLength(1);
      expect(await messagesOf(ctx.db, listed[0]?.id ?? '')).toHaveLength(25);
    });

    it('refuses an incident without areas, a resolved one but for restored, and nobody to tell', async () => {
      const cc = await person('cc');
      const bare = await incidentWithAreas(cc.headers, []);
      const noAreas = await calls().create(cc.headers, bare.id, OUTAGE);
      expect(noAreas.statusCode).toBe(409);
      expect(noAreas.json()).toMatchObject({ message: "Set the incident's areas before broadcasting" });

      await seedArea(ctx.db, 'EMPTY-1');
      const empty = await incidentWithAreas(cc.headers, ['EMPTY-1']);
      expect((await calls().create(cc.headers, empty.id, OUTAGE)).statusCode).toBe(409);
      expect((await calls().list(cc.headers, empty.id)).json()).toEqual({ data: [] });

      await seedArea(ctx.db, 'RES-1');
      await seedSubscribers(ctx.db, 'RES-1', 4, { first: freshNumbers(4) });
      const resolved = await incidentWithAreas(cc.headers, ['RES-1']);
      expect((await incidents().resolve(cc.headers, resolved.id)).statusCode).toBe(200);
      const outage = await calls().create(cc.headers, resolved.id, OUTAGE);
      expect(outage.statusCode).toBe(409);
      expect(outage.json()).toMatchObject({ message: 'The incident is resolved: only the restored message can be sent' });
      const restored = await calls().create(cc.headers, resolved.id, { ...OUTAGE, kind: 'restored' });
      expect(restored.statusCode, restored.body).toBe(201);
    });

    it(`refuses more than ${BROADCASTS_PER_INCIDENT_MAX} broadcasts of one incident`, async () => {
      const cc = await person('cc');
      await seedArea(ctx.db, 'MAX-1');
      await seedSubscribers(ctx.db, 'MAX-1', 1, { first: freshNumbers(1) });
      const incident = await incidentWithAreas(cc.headers, ['MAX-1']);
      await ctx.db.insert(broadcasts).values(
        Array.from({ length: BROADCASTS_PER_INCIDENT_MAX }, () => ({
          incidentId: incident.id,
          kind: 'update' as const,
          status: 'finished' as const,
          messageEn: 'x',
          messageBn: 'x',
        })),
      );
      const reply = await calls().create(cc.headers, incident.id, OUTAGE);
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ message: `At most ${BROADCASTS_PER_INCIDENT_MAX} broadcasts an incident` });
    });

    it('refuses bad input and changes nothing', async () => {
      const cc = await person('cc');
      await seedArea(ctx.db, 'BAD-1');
      await seedSubscribers(ctx.db, 'BAD-1', 2, { first: freshNumbers(2) });
      const incident = await incidentWithAreas(cc.headers, ['BAD-1']);
      for (const body of [
        { ...OUTAGE, kind: 'panic' },
        { ...OUTAGE, message_en: '' },
        { ...OUTAGE, message_bn: 'x'.repeat(481) },
        { ...OUTAGE, recipients: ['8801700000000'] },
        { kind: 'outage' },
      ]) {
        const reply = await calls().create(cc.headers, incident.id, body);
        expect(reply.statusCode, JSON.stringify(body)).toBe(400);
        expect(reply.json()).toHaveProperty('message');
      }
      expect((await calls().preview(cc.headers, incident.id, 'panic')).statusCode).toBe(400);
      expect((await calls().create(cc.headers, 99_999_999, OUTAGE)).statusCode).toBe(404);
      expect((await calls().cancel(cc.headers, incident.id, 'not-a-uuid')).statusCode).toBe(400);
      expect((await calls().list(cc.headers, incident.id)).json()).toEqual({ data: [] });
    });

    it('cancels what still waits, audited; a second cancel is refused', async () => {
      const cc = await person('cc');
      await seedArea(ctx.db, 'CAN-1');
      await seedSubscribers(ctx.db, 'CAN-1', 5, { first: freshNumbers(5) });
      const incident = await incidentWithAreas(cc.headers, ['CAN-1']);
      const created = (await calls().create(cc.headers, incident.id, OUTAGE)).json<{ data: Broadcast }>().data;
      const reply = await calls().cancel(cc.headers, incident.id, created.id);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({ message: 'Broadcast cancelled', data: { status: 'cancelled', sent: 0 } });
      expect((await messagesOf(ctx.db, created.id)).map((m) => m.status)).toEqual(Array(5).fill('cancelled'));
      await ctx.app.broadcastSender.runOnce();
      expect((await messagesOf(ctx.db, created.id)).map((m) => m.status)).toEqual(Array(5).fill('cancelled'));
      expect((await calls().cancel(cc.headers, incident.id, created.id)).statusCode).toBe(409);
      expect((await broadcastAudit(ctx.db, incident.id)).map((row) => row.action).sort()).toEqual([
        'broadcast.cancel',
        'broadcast.create',
      ]);
      // A cancelled message told nobody: the same kind may go again to the same people.
      expect((await calls().preview(cc.headers, incident.id, 'outage')).json<{ data: BroadcastPreview }>().data.recipients).toBe(
        5,
      );
    });
  });

  describe('who may', () => {
    it('refuses customers and agents every broadcast endpoint and the areas, and changes nothing', async () => {
      const cc = await person('cc');
      await seedArea(ctx.db, 'WHO-1');
      await seedSubscribers(ctx.db, 'WHO-1', 2, { first: freshNumbers(2) });
      const incident = await incidentWithAreas(cc.headers, ['WHO-1']);
      const created = (await calls().create(cc.headers, incident.id, OUTAGE)).json<{ data: Broadcast }>().data;
      for (const userType of ['customer', 'agent'] as const) {
        const outsider = await person(userType);
        for (const reply of [
          await calls().preview(outsider.headers, incident.id, 'outage'),
          await calls().list(outsider.headers, incident.id),
          await calls().create(outsider.headers, incident.id, { ...OUTAGE, kind: 'update' }),
          await calls().cancel(outsider.headers, incident.id, created.id),
          await calls().areas(outsider.headers),
        ])
          expect(reply.statusCode, `${userType}: ${reply.body}`).toBe(403);
        const areaChange = await incidents().update(outsider.headers, incident.id, { area_codes: [] });
        expect(areaChange.statusCode).toBe(403);
      }
      expect((await calls().list(cc.headers, incident.id)).json<{ data: Broadcast[] }>().data).toMatchObject([
        { status: 'sending' },
      ]);
      const areas = await calls().areas(cc.headers);
      expect(areas.statusCode).toBe(200);
      expect(areas.json<{ data: { code: string }[] }>().data.some((area) => area.code === 'WHO-1')).toBe(true);
    });
  });
});
