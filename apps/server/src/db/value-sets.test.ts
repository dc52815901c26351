/**
 * The database itself holds each value-set column to the shared constants: a raw statement that
 * bypasses drizzle's types is refused, and every value the product knows is accepted.
 */
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEPARTMENTS,
  ISSUED_TO_VALUES,
  ISSUER_USER_TYPES,
  LANGUAGES,
  ROLES,
  TICKET_STATUSES,
  USER_TYPES,
} from '@switchboard/shared';
import { databaseKinds, useTestDatabase } from '../../test/test-databases.ts';
import { tickets } from './schema.ts';
import { seedDemoDataIfEmpty } from './seed.ts';

/** The constraint a statement broke, when it broke a CHECK (drivers wrap the server's error). */
function brokenCheckOf(error: unknown): string | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const fields = cause as { code?: unknown; constraint?: unknown };
    if (fields.code === '23514') return typeof fields.constraint === 'string' ? fields.constraint : 'unnamed';
  }
  return undefined;
}

async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    return brokenCheckOf(error) ?? `not a check violation: ${String(error)}`;
  }
  return 'accepted';
}

const quoted = (value: string) => sql.raw(`'${value}'`);

for (const kind of databaseKinds()) {
  describe(`value-set columns [${kind}]`, () => {
    const db = useTestDatabase(kind);

    const insertUser = (userType: string, role: string) =>
      db().execute(sql`insert into users (name, product_number, user_type, role)
        values ('Probe', ${`8809${Math.random().toString().slice(2, 11)}`}, ${quoted(userType)}, ${quoted(role)})`);

    const insertTicket = (fields: { issuedTo: string; issuerUserType: string; status: string }) =>
      db()
        .execute(sql`insert into tickets (title, description, problematic_number, issued_to, issuer_user_type, ticket_status, group_name)
        values ('Probe', 'Probe', '8801711000000', ${quoted(fields.issuedTo)}, ${quoted(fields.issuerUserType)},
                ${quoted(fields.status)}, 'Internet')
        `);

    async function newTicketId(): Promise<SQL> {
      const [row] = await db()
        .insert(tickets)
        .values({
          title: 'Probe',
          description: 'Probe',
          problematicNumber: '8801711000000',
          issuerUserType: 'customer',
          groupName: 'Internet',
        })
        .returning({ ticketId: tickets.ticketId });
      if (!row) throw new Error('no ticket');
      return sql.raw(String(row.ticketId));
    }

    const insertComment = async (commenterUserType: string) =>
      db().execute(sql`insert into comments (ticket_id, commenter_name, commenter_user_type, message)
        values (${await newTicketId()}, 'Probe', ${quoted(commenterUserType)}, 'Probe')`);

    const insertForward = async (from: string, to: string) =>
      db()
        .execute(sql`insert into forward_events (ticket_id, previously_issued_to, newly_issued_to, forward_cause, forwarded_by_name)
        values (${await newTicketId()}, ${quoted(from)}, ${quoted(to)}, 'Probe', 'Probe')`);

    it('refuses a user type or role outside the shared value sets', async () => {
      expect(await refusal(insertUser('manager', 'user'))).toBe('users_user_type_check');
      expect(await refusal(insertUser('oss-bss', 'user'))).toBe('users_user_type_check');
      expect(await refusal(insertUser('cc', 'owner'))).toBe('users_role_check');
    });

    it('refuses a ticket holder, issuer type or status outside the shared value sets', async () => {
      const ticket = { issuedTo: 'cc', issuerUserType: 'customer', status: 'open' };
      expect(await refusal(insertTicket({ ...ticket, issuedTo: 'billing' }))).toBe('tickets_issued_to_check');
      expect(await refusal(insertTicket({ ...ticket, issuedTo: 'oss_bss' }))).toBe('tickets_issued_to_check');
      expect(await refusal(insertTicket({ ...ticket, issuerUserType: 'cc' }))).toBe('tickets_issuer_user_type_check');
      expect(await refusal(insertTicket({ ...ticket, status: 'solved' }))).toBe('tickets_ticket_status_check');
    });

    it('refuses a person’s or a ticket’s language outside the shared languages', async () => {
      const setUserLanguage = (language: string) => db().execute(sql`update users set language = ${quoted(language)}`);
      const setTicketLanguage = async (language: string) =>
        db().execute(sql`update tickets set issuer_language = ${quoted(language)} where ticket_id = ${await newTicketId()}`);
      await insertUser('customer', 'user');
      expect(await refusal(setUserLanguage('fr'))).toBe('users_language_check');
      expect(await refusal(setUserLanguage('bn-BD'))).toBe('users_language_check');
      expect(await refusal(setTicketLanguage('BN'))).toBe('tickets_issuer_language_check');
      for (const language of LANGUAGES) {
        expect(await refusal(setUserLanguage(language))).toBe('accepted');
        expect(await refusal(setTicketLanguage(language))).toBe('accepted');
      }
    });

    it('refuses a commenter type outside the shared user types', async () => {
      expect(await refusal(insertComment('staff'))).toBe('comments_commenter_user_type_check');
    });

    it('refuses a forward from or to anything but a holder and a department', async () => {
      expect(await refusal(insertForward('billing', 'rs'))).toBe('forward_events_previously_issued_to_check');
      expect(await refusal(insertForward('cc', 'agent'))).toBe('forward_events_newly_issued_to_check');
    });

    it('accepts every value of the shared constants', async () => {
      for (const userType of USER_TYPES) expect(await refusal(insertUser(userType, 'user'))).toBe('accepted');
      for (const role of ROLES) expect(await refusal(insertUser('cc', role))).toBe('accepted');
      for (const issuedTo of ISSUED_TO_VALUES) {
        expect(await refusal(insertTicket({ issuedTo, issuerUserType: 'customer', status: 'open' }))).toBe('accepted');
      }
      for (const issuerUserType of ISSUER_USER_TYPES) {
        expect(await refusal(insertTicket({ issuedTo: 'cc', issuerUserType, status: 'open' }))).toBe('accepted');
      }
      for (const status of TICKET_STATUSES) {
        expect(await refusal(insertTicket({ issuedTo: 'cc', issuerUserType: 'customer', status }))).toBe('accepted');
      }
      for (const userType of USER_TYPES) expect(await refusal(insertComment(userType))).toBe('accepted');
      for (const from of ISSUED_TO_VALUES) expect(await refusal(insertForward(from, 'cc'))).toBe('accepted');
      for (const to of DEPARTMENTS) expect(await refusal(insertForward('cc', to))).toBe('accepted');
    });

    it('takes the demo data as it is seeded', async () => {
      await db().execute(sql`truncate users, tickets, comments, forward_events, subgroups, groups cascade`);
      expect(await seedDemoDataIfEmpty(db())).not.toBeNull();
    });
  });
}
