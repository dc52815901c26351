/**
 * The demo's areas and subscribers (DESIGN.md §23): a few areas of Dhaka and Chattogram with a few
 * hundred subscribers, so that an incident's areas, its broadcasts, the status by number and the
 * outage ledger can be tried at once. A subscriber of each generated area is suspended and one has
 * opted out (STOP): neither hears a broadcast.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { areas, subscribers } from './schema.ts';

export const DEMO_AREAS = [
  { code: 'DHK-MIR-10', nameEn: 'Mirpur 10', nameBn: 'মিরপুর ১০', subscribers: 240 },
  { code: 'DHK-UTT-4', nameEn: 'Uttara Sector 4', nameBn: 'উত্তরা সেক্টর ৪', subscribers: 120 },
  { code: 'CTG-AGR', nameEn: 'Agrabad', nameBn: 'আগ্রাবাদ', subscribers: 60 },
  // Named subscribers only (below), typed `0171100000N`: what the status by number is tried with.
  { code: 'DHK-MIRPUR', nameEn: 'Mirpur, Dhaka', nameBn: 'মিরপুর, ঢাকা', subscribers: 0 },
  { code: 'DHK-UTTARA', nameEn: 'Uttara, Dhaka', nameBn: 'উত্তরা, ঢাকা', subscribers: 0 },
] as const;

export const DEMO_SUBSCRIBERS = [
  { number: '8801711000001', name: 'Mahbub Alam', areaCode: 'DHK-MIRPUR' },
  { number: '8801711000002', name: 'Rumana Begum', areaCode: 'DHK-MIRPUR' },
  { number: '8801711000003', name: 'Jahid Hasan', areaCode: 'DHK-UTTARA' },
  { number: '8801711000004', name: 'Shirin Sultana', areaCode: 'DHK-UTTARA' },
] as const;

export async function seedDemoSubscribers(db: Db): Promise<void> {
  await db
    .insert(areas)
    .values(DEMO_AREAS.map(({ code, nameEn, nameBn }) => ({ code, nameEn, nameBn })))
    .onConflictDoNothing();
  await db
    .insert(subscribers)
    .values(DEMO_SUBSCRIBERS.map((row) => ({ ...row, plan: 'Home 20 Mbps', status: 'active' as const })))
    .onConflictDoNothing();
  let first = 0;
  for (const area of DEMO_AREAS.filter((each) => each.subscribers > 0)) {
    // Numbers 8801999000000 and up: apart from the demo accounts' own.
    await db.execute(sql`
      insert into subscribers (number, name, area_code, plan, status, language, opted_out_at)
      select '8801999' || lpad((${first}::int + n)::text, 6, '0'), 'Subscriber ' || (${first}::int + n), ${area.code},
        case when n % 4 = 0 then 'Home 50' else 'Home 20' end,
        case when n = 1 then 'suspended' else 'active' end,
        case when n % 3 = 0 then 'en' else 'bn' end,
        case when n = 2 then now() else null end
      from generate_series(0, ${area.subscribers - 1}::int) as n
      on conflict (number) do nothing`);
    first += area.subscribers;
  }
}
