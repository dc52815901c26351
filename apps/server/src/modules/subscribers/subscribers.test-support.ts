/** Helpers of the subscriber directory's tests: areas made through the API, CSV bodies, audit rows. */
import { randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { areas, auditLog } from '../../db/schema.ts';

let sequence = 0;

/** A code no other test uses. */
export const uniqueAreaCode = (base = 'area') => `${base}-${Date.now().toString(36)}-${++sequence}`;

/** A fresh area, straight into the table. */
export async function insertTestArea(db: Db, code = uniqueAreaCode()): Promise<string> {
  await db.insert(areas).values({ code, nameEn: `Area ${code}`, nameBn: `এলাকা ${code}` });
  return code;
}

/** A mobile number as the billing system would send it (`01…`), and its stored form. */
export function randomMobile(): { entry: string; stored: string } {
  const entry = `017${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return { entry, stored: `88${entry}` };
}

export const CSV_HEADER = 'number,name,area,plan,status,language';

/** A CSV body of the header and the lines. */
export const csvOf = (...lines: string[]) => [CSV_HEADER, ...lines].join('\n') + '\n';

export function postCsv(app: FastifyInstance, headers: Record<string, string>, body: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/subscribers/import',
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: body,
  });
}

export async function auditRowsOf(db: Db, action: string, target: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(asc(auditLog.at));
}
