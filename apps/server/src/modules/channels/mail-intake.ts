/**
 * Files one inbound e-mail (DESIGN.md §24): an answer on the ticket it names, when it comes from
 * that ticket's address, or a new ticket as from the public form. What it became is recorded in
 * inbound_messages in the same transaction, keyed by `<uidvalidity>:<uid>`, so that a mail read
 * twice (a pass run again, a second reader) is filed once.
 */
import { MAX_ATTACHMENTS, type InboundOutcome, type Language } from '@switchboard/shared';
import { say } from '../../lib/messages.ts';
import { addIssuerAnswer } from '../comments/comments.service.ts';
import { listLiveGroups } from '../groups/groups.repository.ts';
import { findTicketOfMessageIds } from '../notifications/notifications.repository.ts';
import { issuePublicTicket, type PublicTicketsContext } from '../public-tickets/public-tickets.service.ts';
import { storeReceivedImage } from '../storage/storage.service.ts';
import { findTicketWithIssuer, type TicketWithIssuer } from '../tickets/tickets.repository.ts';
import {
  countMailsOfSenderSince,
  countTicketsByMailSince,
  isMailTaken,
  recordTakenMail,
  type TakenMail,
} from './mail-inbound.repository.ts';
import { readMail, type MailReadSettings, type ReadMail } from './mail-message.ts';

export interface MailIntakeContext extends Omit<PublicTicketsContext, 'captcha'>, MailReadSettings {
  perSenderPerHour: number;
  maxBytes: number;
}

/** One message of the mailbox as the reader found it. */
export interface MailboxMessage {
  /** `<uidvalidity>:<uid>`. */
  externalId: string;
  /** Its size as the IMAP server reports it. */
  size: number;
  /** The envelope's From address, for a mail refused before it is read. */
  envelopeSender: string | null;
  /** Reads the whole mail (only called once it is known to fit). */
  read(): Promise<Buffer>;
}

/** What became of a mail; `repeat`: it was taken before, nothing changed. */
export type MailTaken = { outcome: InboundOutcome | 'repeat'; ticketId: number | null };

const HOUR_MS = 60 * 60_000;
/** Background work has no client address; the audit row says where it came from by its action. */
const NO_IP = '';
const TITLE_MAX_LENGTH = 200;

/** Another reader recorded the same mail first: the filing is rolled back. */
class TakenElsewhere extends Error {
  override name = 'TakenElsewhere';
}

/** Takes one mail of the mailbox once: filed, or recorded as set aside with the reason. */
export async function takeMail(ctx: MailIntakeContext, message: MailboxMessage, now = new Date()): Promise<MailTaken> {
  if (await isMailTaken(ctx.db, message.externalId)) return { outcome: 'repeat', ticketId: null };
  const setAside = (outcome: InboundOutcome, sender: string, detail: string) =>
    record(ctx, { externalId: message.externalId, sender, outcome, detail });
  const unknownSender = (message.envelopeSender ?? '').toLowerCase().slice(0, 320);
  if (message.size > ctx.maxBytes) return setAside('refused', unknownSender, `larger than ${ctx.maxBytes} bytes`);
  const mail = await readMail(await message.read(), ctx);
  if ('detail' in mail) return setAside(mail.outcome, unknownSender, mail.detail);
  const earlier = await countMailsOfSenderSince(ctx.db, mail.sender, new Date(now.getTime() - HOUR_MS));
  if (earlier >= ctx.perSenderPerHour) return setAside('limited', mail.sender, `over ${ctx.perSenderPerHour} an hour`);
  if (!mail.text && mail.attachments.length === 0) return setAside('ignored', mail.sender, 'no text and no attachment');
  const target = await targetOf(ctx, mail);
  if (!target) return setAside('refused', mail.sender, 'no live group to open a ticket in');
  // A From header costs nothing to forge: past the public form's hourly ceiling, mail opens no more tickets.
  const ceiling = ctx.limits.ticketsPerHour;
  if ('group' in target && (await countTicketsByMailSince(ctx.db, new Date(now.getTime() - HOUR_MS))) >= ceiling)
    return setAside('limited', mail.sender, `over ${ceiling} new tickets by mail an hour`);
  const language = 'ticket' in target ? target.ticket.issuerLanguage : mail.language;
  // Stored before the transaction: an image nothing claims (a mail taken elsewhere) is purged as any unused upload.
  const images = await storeAttachments(ctx, mail, language);
  try {
    return await ctx.db.transaction(async (tx) => {
      const within = { ...ctx, db: tx };
      const filed =
        'ticket' in target
          ? await fileAnswer(within, mail, target.ticket, images)
          : await fileTicket(within, mail, target.group, images, now);
      const taken = { externalId: message.externalId, sender: mail.sender, outcome: filed.outcome, ticketId: filed.ticketId };
      if (!(await recordTakenMail(tx, taken))) throw new TakenElsewhere();
      return filed;
    });
  } catch (error) {
    if (error instanceof TakenElsewhere) return { outcome: 'repeat', ticketId: null };
    throw error;
  }
}

async function record(ctx: MailIntakeContext, mail: TakenMail): Promise<MailTaken> {
  const recorded = await recordTakenMail(ctx.db, mail);
  return { outcome: recorded ? mail.outcome : 'repeat', ticketId: null };
}

/** Where a mail goes: the ticket it answers, else a new ticket's group; null when there is no live group. */
async function targetOf(
  ctx: MailIntakeContext,
  mail: ReadMail,
): Promise<{ ticket: TicketWithIssuer } | { group: NewTicketGroup } | null> {
  const ticket = await ticketAnswered(ctx, mail);
  if (ticket) return { ticket };
  const group = await groupOfNewTickets(ctx);
  return group ? { group } : null;
}

/**
 * The ticket a mail answers: the one of our mail it names (In-Reply-To, References), else the one
 * of `[#id]` in its subject, or the ticket that one was merged into; only when the mail comes from that ticket's address (case ignored),
 * so that nobody writes onto another customer's ticket by naming it or spoofing a reply.
 */
async function ticketAnswered(ctx: MailIntakeContext, mail: ReadMail): Promise<TicketWithIssuer | null> {
  const ticketId = (await findTicketOfMessageIds(ctx.db, mail.answers)) ?? mail.taggedTicketId;
  if (ticketId === null) return null;
  const named = await findTicketWithIssuer(ctx.db, ticketId);
  // A merged ticket's conversation goes on on the ticket it went into (DESIGN.md §27).
  const ticket = named?.mergedInto ? await findTicketWithIssuer(ctx.db, named.mergedInto) : named;
  if (!ticket || ticket.clientEmail?.toLowerCase() !== mail.sender) {
    ctx.log?.info({ ticket_id: ticketId }, 'a mail named a ticket of another address; it opens a ticket of its own');
    return null;
  }
  return ticket;
}

/** The mail's images stored (an unclaimed upload each) and a line naming the attachments refused, in `language`. */
async function storeAttachments(ctx: MailIntakeContext, mail: ReadMail, language: Language) {
  const stored: { url: string; key: string }[] = [];
  const refused: string[] = [];
  for (const attachment of mail.attachments) {
    const result =
      stored.length >= MAX_ATTACHMENTS ? ({ refused: 'count' } as const) : await storeReceivedImage(ctx, attachment.content);
    if ('key' in result) stored.push(result);
    else refused.push(say(language, 'issuer.mailNotAttachedReason', { name: attachment.name, reason: result.refused }));
  }
  const note = refused.length > 0 ? say(language, 'issuer.mailNotAttached', { files: refused.join(', ') }) : '';
  return { stored, note };
}

function withNote(text: string, note: string): string {
  return [text, note].filter(Boolean).join('\n\n');
}

type StoredImages = Awaited<ReturnType<typeof storeAttachments>>;
interface NewTicketGroup {
  groupId: string;
  subGroupId: string | null;
}

/** The answer as an external comment by the ticket's issuer, in the caller's transaction. */
async function fileAnswer(ctx: MailIntakeContext, mail: ReadMail, ticket: TicketWithIssuer, { stored, note }: StoredImages) {
  await addIssuerAnswer(
    ctx.db,
    ticket,
    {
      name: mail.senderName,
      message: withNote(mail.text, note),
      attachments: stored.map((image) => image.key),
      source: 'email',
    },
    NO_IP,
  );
  return { outcome: 'comment' as const, ticketId: ticket.ticketId };
}

/**
 * Where a mail that answers no ticket opens one: the first live group by name and that group's
 * first subgroup, as an SMS does without SMS_INBOUND_SUBGROUP; staff forward it from there.
 */
async function groupOfNewTickets(ctx: MailIntakeContext): Promise<NewTicketGroup | null> {
  const [first] = await listLiveGroups(ctx.db);
  return first ? { groupId: first.group.id, subGroupId: first.subgroups[0]?.id ?? null } : null;
}

/**
 * A new ticket as the public form would take it (issuer type customer, client_email the sender),
 * with its receipt. Its number is the first Bangladeshi mobile number the mail names, else none.
 */
async function fileTicket(
  ctx: MailIntakeContext,
  mail: ReadMail,
  group: NewTicketGroup,
  { stored, note }: StoredImages,
  now: Date,
) {
  const title = (mail.subject.replace(/^((re|fwd?|aw|sv)\s*:\s*)+/i, '') || mail.text.split('\n')[0] || '').slice(
    0,
    TITLE_MAX_LENGTH,
  );
  const ticket = await issuePublicTicket(
    ctx.db,
    ctx,
    { kind: 'public', clientEmail: mail.sender, ip: NO_IP, language: mail.language },
    {
      title: title.trim() || say(mail.language, 'issuer.mailUntitled'),
      description: withNote(mail.text, note),
      problematic_number: numberNamedIn(`${mail.subject}\n${mail.text}`),
      attachments: stored.map((image) => image.url),
      group_id: group.groupId,
      sub_group_id: group.subGroupId,
      issuer_user_type: 'customer',
    },
    now,
  );
  return { outcome: 'ticket' as const, ticketId: ticket.ticketId };
}

/** The first Bangladeshi mobile number in a text, stored as 880 + 10 digits; '' when none. */
export function numberNamedIn(text: string): string {
  const match = /(?<!\d)(?:\+?88)?0(1[3-9]\d{8})(?!\d)/.exec(text);
  return match ? `880${match[1]}` : '';
}
