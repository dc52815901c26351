/**
 * "Staff reply" is written twice, because two places act on it: isStaffReply in TypeScript (the
 * issuer is told) and is_staff_reply in PostgreSQL (ticket-workflow.sql: the first one stops the
 * first-reply clock, whoever writes the comment). Every kind of comment goes through both here, the
 * SQL one through the trigger itself, and both must say the same.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from '@switchboard/shared';
import { comments, tickets, users } from '../../db/schema.ts';
import { databaseKinds, useTestDatabase } from '../../../test/test-databases.ts';
import { isStaffReply } from './ticket-workflow.ts';

/** Whose comment it is on whose ticket: the issuer's own, another user's, or without a user (the seed and bulk loads). */
const AUTHORSHIPS = ['issuer', 'other user', 'ticket without issuer', 'comment without author'] as const;

interface Case {
  authorType: UserType;
  isInternal: boolean;
  authorship: (typeof AUTHORSHIPS)[number];
}

const CASES: Case[] = USER_TYPES.flatMap((authorType) =>
  [false, true].flatMap((isInternal) => AUTHORSHIPS.map((authorship) => ({ authorType, isInternal, authorship }))),
);

for (const kind of databaseKinds()) {
  describe(`a staff reply, in TypeScript and in PostgreSQL [${kind}]`, () => {
    const db = useTestDatabase(kind);

    it('is the same comment in both, for every user type, flag and author', async () => {
      const authorIds = new Map(USER_TYPES.map((userType) => [userType, randomUUID()]));
      const otherIssuer = randomUUID();
      await db()
        .insert(users)
        .values([
          ...USER_TYPES.map((userType, index) => ({
            id: authorIds.get(userType),
            name: `Author ${userType}`,
            productNumber: `880960000${String(index).padStart(4, '0')}`,
            userType,
          })),
          { id: otherIssuer, name: 'Issuer', productNumber: '8809600009999', userType: 'customer' as const },
        ]);
      const written = [];
      for (const testCase of CASES) {
        const authorId = testCase.authorship === 'comment without author' ? null : (authorIds.get(testCase.authorType) ?? null);
        const issuerId =
          testCase.authorship === 'issuer' ? authorId : testCase.authorship === 'ticket without issuer' ? null : otherIssuer;
        const [ticket] = await db()
          .insert(tickets)
          .values({
            title: 'A case',
            description: JSON.stringify(testCase),
            problematicNumber: '8801700000000',
            issuerUserId: issuerId,
            issuerUserType: 'customer',
            groupName: 'Internet',
          })
          .returning({ ticketId: tickets.ticketId });
        if (!ticket) throw new Error('no ticket');
        await db().insert(comments).values({
          ticketId: ticket.ticketId,
          commenterUserId: authorId,
          commenterName: 'Author',
          commenterUserType: testCase.authorType,
          message: 'Looking into it',
          isInternal: testCase.isInternal,
        });
        const inTypeScript = isStaffReply(
          { authorId, authorType: testCase.authorType, isInternal: testCase.isInternal },
          { issuerUserId: issuerId },
        );
        written.push({ ticketId: ticket.ticketId, testCase, inTypeScript });
      }
      const stored = await db()
        .select({ ticketId: tickets.ticketId, firstStaffReplyAt: tickets.firstStaffReplyAt })
        .from(tickets)
        .where(
          inArray(
            tickets.ticketId,
            written.map((row) => row.ticketId),
          ),
        );
      const inSql = new Map(stored.map((row) => [row.ticketId, row.firstStaffReplyAt !== null]));
      const disagreements = written.filter((row) => inSql.get(row.ticketId) !== row.inTypeScript).map((row) => row.testCase);
      expect(disagreements).toEqual([]);
      // Both sides are put to the test: some comments are staff replies and some are not.
      expect(new Set(written.map((row) => row.inTypeScript))).toEqual(new Set([true, false]));
    });
  });
}
