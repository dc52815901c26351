/**
 * The active incident of an area (DESIGN.md §23): what the subscriber card, the status by number and
 * broadcasts ask. Active incidents are few, so the partial index on status serves every area.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { incidents } from '../../db/schema.ts';

export interface AreaIncident {
  id: number;
  title: string;
  publicNote: string | null;
  createdAt: Date;
}

/** The oldest active incident whose areas include `areaCode`: the outage the area has had longest. */
export async function activeIncidentOfArea(db: Db, areaCode: string): Promise<AreaIncident | undefined> {
  const [found] = await db
    .select({ id: incidents.id, title: incidents.title, publicNote: incidents.publicNote, createdAt: incidents.createdAt })
    .from(incidents)
    .where(sql`${eq(incidents.status, 'active')} and ${incidents.areaCodes} @> array[${areaCode}]::text[]`)
    .orderBy(asc(incidents.createdAt), asc(incidents.id))
    .limit(1);
  return found;
}
