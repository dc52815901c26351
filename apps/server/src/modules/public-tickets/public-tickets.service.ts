/**
 * The public ticket form (no login): a ticket known by the client's e-mail address, behind the bot
 * check and hourly ceilings, with an e-mail receipt when mail is configured.
 */
import {
  AppError,
  PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK,
  type Language,
  type PresignReply,
  type PublicIssueTicketBody,
  type PublicPresignBody,
  type Ticket,
} from '@switchboard/shared';
import { verifyCaptchaForUses, verifyCaptchaOnce } from '../captcha/captcha.service.ts';
import { presignUpload } from '../storage/storage.service.ts';
import {
  issueTicket,
  presentNewTicket,
  viewerOfIssuer,
  type IssueContext,
  type NewTicketInput,
  type TicketIssuer,
} from '../tickets/tickets.service.ts';
import type { TicketWithIssuer } from '../tickets/tickets.repository.ts';
import type { Config } from '../../config.ts';
import { tellReceipt, type TellSettings } from '../notifications/tell-issuer.ts';
import { countPublicTicketsSince, countUnusedPublicUploadsSince } from '../captcha/public-traffic.repository.ts';
import { countPublicTicketsOfAddressSince, lockReceiptAddress } from './public-tickets.repository.ts';

export interface PublicTicketsContext extends IssueContext {
  captcha: { captchaHmacKey: string; captchaCost: number };
  limits: Config['publicLimits'];
  /** The e-mail receipt's settings (no receipt without SMTP_URL). */
  mail: Pick<TellSettings, 'brandName' | 'smtpUrl' | 'channels' | 'outbox'>;
}

const HOUR_MS = 60 * 60 * 1000;
/** Share of a hard ceiling at which the operators hear about it, before anyone is refused. */
const WARNING_SHARE = 0.8;

/**
 * Stores a ticket of the public form: issued by nobody (issuer type customer), known by its
 * client_email, held by cc like any other. The ceiling is checked before the bot check, so that a
 * refused person keeps an unspent solution; the receipt goes out only once the ticket is stored,
 * in the language the form was filled in (`sender.language`), as every later e-mail of the ticket.
 */
export async function submitPublicTicket(
  ctx: PublicTicketsContext,
  body: PublicIssueTicketBody,
  sender: { ip: string; language: Language },
  now = new Date(),
): Promise<Ticket> {
  assertBelowCeiling(ctx, 'tickets', await countPublicTicketsSince(ctx.db, hourBefore(now)), ctx.limits.ticketsPerHour);
  await verifyCaptchaOnce(ctx.db, ctx.captcha, body.token);
  const issuer: TicketIssuer = { kind: 'public', clientEmail: body.client_email, ...sender };
  // The receipt is written in the ticket's transaction (the outbox sends it): both or neither.
  const ticket = await ctx.db.transaction((tx) => issuePublicTicket(tx, ctx, issuer, body, now));
  return presentNewTicket(ctx, viewerOfIssuer(issuer), ticket);
}

/**
 * Issues a ticket of somebody known only by an address (the public form, an e-mail: DESIGN.md
 * §24) in the caller's transaction `tx`, with its receipt as the address's limit allows.
 */
export async function issuePublicTicket(
  tx: PublicTicketsContext['db'],
  ctx: Omit<PublicTicketsContext, 'captcha'>,
  issuer: TicketIssuer & { kind: 'public' },
  input: NewTicketInput,
  now = new Date(),
): Promise<TicketWithIssuer> {
  const mayReceipt = await receiptAllowed(tx, ctx, issuer.clientEmail, now);
  const stored = await issueTicket({ ...ctx, db: tx }, issuer, input);
  if (mayReceipt) {
    await tellReceipt(tx, ctx.mail, { ticketId: stored.ticketId, clientEmail: issuer.clientEmail, language: issuer.language });
  } else {
    // Not the address: the log must not become a list of the mailboxes somebody aimed at.
    ctx.log?.warn(
      { ticket_id: stored.ticketId, limit: ctx.limits.receiptsPerAddressPerHour },
      'public ticket taken without a receipt: its address had its receipts of the hour',
    );
  }
  return stored;
}

/**
 * Whether a receipt may go to `clientEmail`: fewer than PUBLIC_RECEIPTS_PER_ADDRESS_PER_HOUR public
 * tickets named it (case ignored) in the last hour, from any client. Beyond that the ticket is
 * still taken and answered, only not mailed (docs/decisions.md): the form would otherwise mail a
 * stranger's box as often as a bot solves the check. Without SMTP nothing is mailed anyway.
 */
async function receiptAllowed(
  tx: PublicTicketsContext['db'],
  ctx: Pick<PublicTicketsContext, 'mail' | 'limits'>,
  clientEmail: string,
  now: Date,
) {
  if (!ctx.mail.smtpUrl) return false;
  await lockReceiptAddress(tx, clientEmail);
  const named = await countPublicTicketsOfAddressSince(tx, clientEmail, hourBefore(now));
  return named < ctx.limits.receiptsPerAddressPerHour;
}

/**
 * Grants one image upload to the public form: the same policy as signed-in uploads, behind a
 * solved bot check (one solution covers one form's images) and a last-resort ceiling.
 */
export async function presignPublicUpload(
  ctx: PublicTicketsContext,
  body: PublicPresignBody,
  now = new Date(),
): Promise<PresignReply> {
  const unused = await countUnusedPublicUploadsSince(ctx.db, hourBefore(now));
  assertBelowCeiling(ctx, 'uploads', unused, ctx.limits.uploadsPerHour);
  await verifyCaptchaForUses(ctx.db, ctx.captcha, body.token, PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK);
  return presignUpload(ctx, null, body.object_name, now);
}

/**
 * The hard ceilings are a last resort far above any real hour (the bot check's rising cost is the
 * answer to load); reaching 80 % of one is logged, so that someone looks before it refuses people.
 */
function assertBelowCeiling(ctx: PublicTicketsContext, what: 'tickets' | 'uploads', count: number, ceiling: number): void {
  if (count >= ceiling)
    throw new AppError('rate_limited', what === 'tickets' ? 'public-tickets.ticketsBusy' : 'public-tickets.uploadsBusy');
  if (count >= ceiling * WARNING_SHARE) {
    ctx.log?.warn({ what, count, ceiling }, `public ${what} of the last hour are near the hourly ceiling`);
  }
}

function hourBefore(now: Date): Date {
  return new Date(now.getTime() - HOUR_MS);
}
