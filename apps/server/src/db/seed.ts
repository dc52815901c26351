/** Demo data for an empty database (DESIGN.md §9): the demo accounts, groups, tickets in every state. */
import { sql } from 'drizzle-orm';
import { DEPARTMENT_LABELS, type Department } from '@switchboard/shared';
import type { Db } from './client.ts';
import { seedDemoSubscribers } from './seed-subscribers.ts';
import { seedDemoArticles } from './seed-articles.ts';
import {
  cannedReplies,
  comments,
  forwardEvents,
  groups,
  subgroups,
  ticketRatings,
  tickets,
  ticketStatusEvents,
  users,
} from './schema.ts';

export const DEMO_ACCOUNTS = [
  { entry: '09638000001', name: 'Ayesha Rahman', userType: 'cc', role: 'admin', label: 'admin (cc, admin)' },
  { entry: '09638000002', name: 'Tanvir Hossain', userType: 'iptsp', role: 'moderator', label: 'moderator (iptsp, moderator)' },
  { entry: '09638000003', name: 'Nusrat Jahan', userType: 'rs', role: 'support', label: 'rs staff' },
  { entry: '09638000004', name: 'Kamal Uddin', userType: 'oss_bss', role: 'support', label: 'oss_bss staff' },
  { entry: '09638000005', name: 'Farhana Akter', userType: 'iptsp', role: 'support', label: 'iptsp staff' },
  { entry: '09638000006', name: 'Rafiq Islam', userType: 'agent', role: 'user', label: 'agent' },
  { entry: '09638000007', name: 'Sadia Karim', userType: 'customer', role: 'user', label: 'customer' },
] as const;

const DEMO_GROUPS = [
  {
    name: 'Internet',
    subgroups: [
      ['ধীর গতি', 'Slow speed'],
      ['সংযোগ বিচ্ছিন্ন', 'No connection'],
      ['রাউটার সমস্যা', 'Router problem'],
    ],
  },
  {
    name: 'IP Telephony',
    subgroups: [
      ['কল ড্রপ', 'Call drop'],
      ['নম্বর সক্রিয়করণ', 'Number activation'],
    ],
  },
  {
    name: 'Billing',
    subgroups: [
      ['ভুল বিল', 'Wrong bill'],
      ['রিচার্জ', 'Recharge'],
    ],
  },
] as const;

/**
 * The issuers' ratings of a few solved demo tickets (DESIGN.md §25), by the ticket's place in the
 * loop below: one low with a comment, the others satisfied or fair.
 */
const DEMO_RATINGS = new Map<number, { score: number; channel: 'sms' | 'email'; comment: string | null }>([
  [2, { score: 5, channel: 'email', comment: 'Fixed the same day, thank you.' }],
  [5, { score: 2, channel: 'sms', comment: 'It took too long and nobody called me back.' }],
  [8, { score: 4, channel: 'sms', comment: null }],
  [11, { score: 3, channel: 'email', comment: null }],
]);

const TITLES = [
  'Internet very slow since morning',
  'Cannot make outgoing calls',
  'Bill charged twice this month',
  'Router keeps restarting at night',
  'ইন্টারনেট সংযোগ পাচ্ছি না',
  'Recharge not reflected in balance',
  'Number activation pending for 3 days',
  'Calls drop after one minute',
];

/** Seeds when there are no users; returns the demo accounts, or null when the database was not empty. */
export async function seedDemoDataIfEmpty(db: Db): Promise<{ label: string; number: string }[] | null> {
  // People only: migrations add the desk's own system accounts (the network monitoring's), which do not make a database used.
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.kind} <> 'system'`);
  if (count > 0) return null;
  await db.transaction(async (tx) => {
    const people = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          name: a.name,
          productNumber: `88${a.entry}`,
          phoneNumber: `88017${a.entry.slice(-8)}`,
          userType: a.userType,
          role: a.role,
        })),
      )
      .returning();
    const groupRows = [];
    for (const group of DEMO_GROUPS) {
      const [row] = await tx.insert(groups).values({ groupName: group.name }).returning();
      if (!row) continue;
      const subs = await tx
        .insert(subgroups)
        .values(group.subgroups.map(([bn, en]) => ({ groupId: row.id, subGroupBn: bn, subGroupEn: en })))
        .returning();
      groupRows.push({ group: row, subs });
    }
    const staff = people.find((p) => p.userType === 'cc');
    // Two ready answers (DESIGN.md §19): one shared by every department, one of Customer Care.
    await tx.insert(cannedReplies).values([
      {
        title: 'We are looking into it',
        bodyEn:
          'Dear {customer_name}, thank you for reporting the problem with {number}. Ticket #{ticket_id} is with our team; we will update you here.',
        bodyBn:
          'প্রিয় {customer_name}, {number} নম্বরের সমস্যাটি জানানোর জন্য ধন্যবাদ। টিকিট #{ticket_id} আমাদের দল দেখছে; এখানেই আপনাকে জানানো হবে।',
        department: null,
        createdBy: staff?.id ?? null,
      },
      {
        title: 'Restart the router',
        bodyEn:
          'Please switch the router off for 30 seconds, switch it on again and tell us on ticket #{ticket_id} whether {number} works.',
        bodyBn: 'অনুগ্রহ করে রাউটারটি ৩০ সেকেন্ড বন্ধ রেখে আবার চালু করুন এবং টিকিট #{ticket_id}-এ জানান {number} কাজ করছে কি না।',
        department: 'cc',
        createdBy: staff?.id ?? null,
      },
    ]);
    const issuers = people.flatMap((p) =>
      p.userType === 'agent' || p.userType === 'customer' ? [{ ...p, issuerType: p.userType }] : [],
    );
    const holders: Department[] = ['cc', 'cc', 'iptsp', 'rs', 'oss-bss'];
    const ratings: (typeof ticketRatings.$inferInsert)[] = [];
    for (let i = 0; i < 36; i++) {
      const issuer = issuers[i % issuers.length];
      const { group, subs } = groupRows[i % groupRows.length] ?? {};
      const sub = subs?.[i % subs.length];
      if (!issuer || !group || !sub || !staff) continue;
      const status = (['open', 'in_progress', 'closed'] as const)[i % 3] ?? 'open';
      const holder = status === 'open' ? 'cc' : (holders[i % holders.length] ?? 'cc');
      const createdAt = new Date(Date.now() - (36 - i) * 7 * 3600_000);
      const [ticket] = await tx
        .insert(tickets)
        .values({
          title: TITLES[i % TITLES.length] ?? 'Problem',
          description: 'The customer reports the problem since yesterday.\nRestarting the device did not help.',
          problematicNumber: `8801${String(700000000 + i * 7919).padStart(9, '0')}`,
          issuedTo: holder,
          issuerUserId: issuer.id,
          issuerNumber: issuer.productNumber,
          issuerUserType: issuer.issuerType,
          ticketStatus: status,
          groupId: group.id,
          groupName: group.groupName,
          subGroupId: sub.id,
          subGroupName: sub.subGroupEn,
          createdAt,
          updatedAt: createdAt,
          resolvedAt: status === 'closed' ? new Date(createdAt.getTime() + 5 * 3600_000) : null,
        })
        .returning();
      if (!ticket) continue;
      const rating = DEMO_RATINGS.get(i);
      if (ticket.resolvedAt && rating)
        ratings.push({
          ticketId: ticket.ticketId,
          ...rating,
          department: holder,
          ratedAt: new Date(ticket.resolvedAt.getTime() + 45 * 60_000),
        });
      if (ticket.resolvedAt) {
        await tx.insert(ticketStatusEvents).values({
          ticketId: ticket.ticketId,
          fromStatus: 'in_progress',
          toStatus: 'closed',
          byUserId: staff.id,
          byName: staff.name,
          createdAt: ticket.resolvedAt,
        });
      }
      await tx.insert(comments).values([
        {
          ticketId: ticket.ticketId,
          commenterUserId: issuer.id,
          commenterName: issuer.name,
          commenterUserType: issuer.userType,
          message: 'Please look into this as soon as possible.',
          createdAt: new Date(createdAt.getTime() + 600_000),
        },
        ...(status === 'open'
          ? []
          : [
              {
                ticketId: ticket.ticketId,
                commenterUserId: staff.id,
                commenterName: staff.name,
                commenterUserType: staff.userType,
                message: 'We are checking the line from our side.',
                createdAt: new Date(createdAt.getTime() + 3600_000),
              },
              {
                ticketId: ticket.ticketId,
                commenterUserId: staff.id,
                commenterName: staff.name,
                commenterUserType: staff.userType,
                message: 'Line test shows packet loss at the POP.',
                isInternal: true,
                createdAt: new Date(createdAt.getTime() + 3700_000),
              },
            ]),
      ]);
      if (holder !== 'cc') {
        await tx.insert(forwardEvents).values({
          ticketId: ticket.ticketId,
          previouslyIssuedTo: 'cc',
          newlyIssuedTo: holder,
          forwardCause: 'Needs a check by the department that runs the service.',
          isInForwardLoop: i % 2 === 0,
          forwardedBy: staff.id,
          forwardedByName: staff.name,
          createdAt: new Date(createdAt.getTime() + 3800_000),
        });
        await tx.insert(comments).values({
          ticketId: ticket.ticketId,
          commenterUserId: staff.id,
          commenterName: staff.name,
          commenterUserType: staff.userType,
          message: `Forwarded to ${DEPARTMENT_LABELS[holder]}`,
          isInternal: true,
          createdAt: new Date(createdAt.getTime() + 3800_000),
        });
      }
    }
    if (ratings.length > 0) await tx.insert(ticketRatings).values(ratings);
    await seedDemoSubscribers(tx);
    await seedDemoArticles(tx, staff?.id ?? null);
  });
  return DEMO_ACCOUNTS.map((a) => ({ label: a.label, number: a.entry }));
}
