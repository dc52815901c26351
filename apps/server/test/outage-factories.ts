/** Builders of areas, subscribers and the incidents that strike them (DESIGN.md §23). */
import { randomInt } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { areas, incidents, subscribers } from '../src/db/schema.ts';

export async function buildArea(db: Db, code = `A${randomInt(0, 1_000_000_000)}`): Promise<string> {
  await db.insert(areas).values({ code, nameEn: `Area ${code}`, nameBn: `এলাকা ${code}` });
  return code;
}

export function randomSubscriberNumber(): string {
  return `8801${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export async function buildSubscriber(
  db: Db,
  areaCode: string,
  fields: Partial<{ number: string; name: string; status: 'active' | 'suspended' }> = {},
): Promise<string> {
  const number = fields.number ?? randomSubscriberNumber();
  await db.insert(subscribers).values({
    number,
    name: fields.name ?? `Subscriber ${number.slice(-4)}`,
    areaCode,
    plan: 'Home 20',
    status: fields.status ?? 'active',
  });
  return number;
}

/** An incident of some areas, active unless `resolvedAt` is given. */
export async function buildAreaIncident(
  db: Db,
  areaCodes: string[],
  fields: Partial<{ createdAt: Date; resolvedAt: Date | null; publicNote: string | null; title: string }> = {},
): Promise<number> {
  const resolvedAt = fields.resolvedAt ?? null;
  const [row] = await db
    .insert(incidents)
    .values({
      title: fields.title ?? 'Fibre cut',
      areaCodes,
      publicNote: fields.publicNote === undefined ? 'Engineers are on site.' : fields.publicNote,
      createdAt: fields.createdAt ?? new Date(),
      status: resolvedAt ? 'resolved' : 'active',
      resolvedAt,
    })
    .returning({ id: incidents.id });
  if (!row) throw new Error('no incident');
  return row.id;
}
