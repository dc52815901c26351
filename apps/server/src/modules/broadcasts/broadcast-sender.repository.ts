/**
 * SQL of the broadcast sender (DESIGN.md §23): the shared pace (`sms_pace`, one row), the claims of
 * due broadcast messages, and a broadcast's end.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { broadcasts, outboxMessages, smsPace } from '../../db/schema.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * Takes up to `want` whole tokens from the one bucket of all processes: the bucket first fills at
 * `rate` a second for the time since it was last filled, up to `burst`. The row's lock makes the
 * read and the write one step for every process, so N processes together never take more than
 * the bucket gives; fractions stay in it for the next taker. The clock is the database's, one for all.
 */
export async function takeTokens(db: Db, want: number, rate: number, burst: number): Promise<number> {
  return db.transaction(async (tx) => {
    // The row's lock first, so that the moment of the fill is read while no other taker can stamp one.
    await tx.execute(sql`select 1 from ${smsPace} where id = 1 for update`);
    // Filled up to now, stamped with the same moment: no time between two takers is lost or counted twice.
    const [filled] = await rowsOf<{ tokens: number }>(
      tx.execute(sql`
        update ${smsPace} set
          tokens = least(${burst}::float8, tokens + greatest(0, extract(epoch from n.at - filled_at)) * ${rate}::float8),
          filled_at = n.at
        from (select clock_timestamp() as at) as n
        where id = 1
        returning tokens`),
    );
    const granted = Math.max(0, Math.min(want, Math.floor(Number(filled?.tokens ?? 0))));
    if (granted > 0) await tx.execute(sql`update ${smsPace} set tokens = tokens - ${granted} where id = 1`);
    return granted;
  });
}

/** Tokens taken but not used (fewer messages were due): back into the bucket for the other processes. */
export async function returnTokens(db: Db, unused: number, burst: number): Promise<void> {
  if (unused <= 0) return;
  await db.execute(sql`update ${smsPace} set tokens = least(${burst}::float8, tokens + ${unused}) where id = 1`);
}

/** A claimed message, as the sender needs it: `attempts` names the claim its outcome is recorded against. */
export interface ClaimedMessage {
  id: string;
  recipient: string;
  body: string;
  attempts: number;
  broadcastId: string;
  incidentId: number;
}

/**
 * Claims up to `limit` due broadcast messages, oldest first (SKIP LOCKED: processes never take the
 * same one), leased like the outbox: the attempt is counted and the message hidden for `leaseMs`.
 * `restoredOnly` in quiet hours: only the restored message goes then.
 */
export async function claimBroadcastMessages(
  db: Db,
  limit: number,
  leaseMs: number,
  restoredOnly: boolean,
): Promise<ClaimedMessage[]> {
  if (limit <= 0) return [];
  const rows = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
    with due as (
      select o.id, b.incident_id from ${outboxMessages} o join ${broadcasts} b on b.id = o.broadcast_id
      where o.status = 'pending' and o.broadcast_id is not null and o.due_at <= now()
        ${restoredOnly ? sql`and b.kind = 'restored'` : sql``}
      order by o.due_at
      limit ${limit}
      for update of o skip locked
    )
    update ${outboxMessages} m set attempts = m.attempts + 1, due_at = now() + make_interval(secs => ${leaseMs / 1000})
    from due where m.id = due.id
    returning m.id, m.recipient, m.body, m.attempts, m.broadcast_id, due.incident_id`),
  );
  return rows.map((row) => ({
    id: String(row.id),
    recipient: String(row.recipient),
    body: String(row.body),
    attempts: Number(row.attempts),
    broadcastId: String(row.broadcast_id),
    incidentId: Number(row.incident_id),
  }));
}

/**
 * Marks finished the broadcasts of `ids` that have no message left waiting, and returns them: each
 * is finished once, by whichever process sent its last message.
 */
export async function finishBroadcasts(tx: Db, ids: string[]): Promise<{ id: string; incidentId: number }[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ id: string; incident_id: number }>(
    tx.execute(sql`
    update ${broadcasts} b set status = 'finished', finished_at = now()
    where b.id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid[]) and b.status = 'sending'
      and not exists (select 1 from ${outboxMessages} o where o.broadcast_id = b.id and o.status = 'pending')
    returning b.id, b.incident_id`),
  );
  return rows.map((row) => ({ id: String(row.id), incidentId: Number(row.incident_id) }));
}
