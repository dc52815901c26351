/** Demo areas and subscribers (DESIGN.md §23): what the status by number and the outage ledger read. */
import type { Db } from './client.ts';
import { areas, subscribers } from './schema.ts';

export const DEMO_AREAS = [
  { code: 'DHK-MIRPUR', nameEn: 'Mirpur, Dhaka', nameBn: 'মিরপুর, ঢাকা' },
  { code: 'DHK-UTTARA', nameEn: 'Uttara, Dhaka', nameBn: 'উত্তরা, ঢাকা' },
] as const;

/** Two subscribers of each demo area; their numbers are typed `0171100000N`. */
export const DEMO_SUBSCRIBERS = [
  { number: '8801711000001', name: 'Mahbub Alam', areaCode: 'DHK-MIRPUR' },
  { number: '8801711000002', name: 'Rumana Begum', areaCode: 'DHK-MIRPUR' },
  { number: '8801711000003', name: 'Jahid Hasan', areaCode: 'DHK-UTTARA' },
  { number: '8801711000004', name: 'Shirin Sultana', areaCode: 'DHK-UTTARA' },
] as const;

export async function seedDemoSubscribers(tx: Db): Promise<void> {
  await tx
    .insert(areas)
    .values([...DEMO_AREAS])
    .onConflictDoNothing();
  await tx
    .insert(subscribers)
    .values(DEMO_SUBSCRIBERS.map((row) => ({ ...row, plan: 'Home 20 Mbps', status: 'active' as const })))
    .onConflictDoNothing();
}
