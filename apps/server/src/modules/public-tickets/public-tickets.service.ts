/**
 * The public ticket form (no login): a ticket known by the client's e-mail address, behind the bot
 * check and hourly ceilings, with an e-mail receipt when mail is configured.
 */
import { AppError, type PresignReply, type PublicIssueTicketBody, type Ticket } from '@switchboard/shared';
import { verifyCaptchaOnce } from '../captcha/captcha.service.ts';
import { presignUpload } from '../storage/storage.service.ts';
import {
  issueTicket,
  presentTicketForViewer,
  viewerOfIssuer,
  type TicketIssuer,
  type TicketsContext,
} from '../tickets/tickets.service.ts';
import type { Config } from '../../config.ts';
import { countPublicTicketsSince, countUnusedPublicUploadsSince } from './public-tickets.repository.ts';
import type { ReceiptMailer } from './receipt-mailer.ts';

export interface PublicTicketsContext extends TicketsContext {
  captcha: { captchaHmacKey: string; captchaCost: number };
  limits: Config['publicLimits'];
  /** null when SMTP is not configured. */
  receipts: ReceiptMailer | null;
}

const HOUR_MS = 60 * 60 * 1000;

export const TICKETS_BUSY_MESSAGE =
  'We are receiving an unusually high number of tickets right now. Please try again in a little while.';
export const UPLOADS_BUSY_MESSAGE =
  'We are receiving an unusually high number of images right now. Please try again in a little while, or send your ticket without images.';

/**
 * Stores a ticket of the public form: issued by nobody (issuer type customer), known by its
 * client_email, held by cc like any other. The ceiling is checked before the bot check, so that a
 * refused person keeps an unspent solution; the receipt goes out only once the ticket is stored.
 */
export async function submitPublicTicket(
  ctx: PublicTicketsContext,
  body: PublicIssueTicketBody,
  now = new Date(),
): Promise<Ticket> {
  if ((await countPublicTicketsSince(ctx.db, hourBefore(now))) >= ctx.limits.ticketsPerHour) {
    throw new AppError('rate_limited', TICKETS_BUSY_MESSAGE);
  }
  await verifyCaptchaOnce(ctx.db, ctx.captcha, body.token);
  const issuer: TicketIssuer = { kind: 'public', clientEmail: body.client_email };
  const ticket = await issueTicket(ctx, issuer, body);
  ctx.receipts?.sendReceipt({ to: body.client_email, ticketId: ticket.ticketId });
  return presentTicketForViewer(ctx, viewerOfIssuer(issuer), ticket);
}

/** Grants one image upload to the public form: the same policy as signed-in uploads, under a ceiling. */
export async function presignPublicUpload(
  ctx: PublicTicketsContext,
  objectName: string,
  now = new Date(),
): Promise<PresignReply> {
  if ((await countUnusedPublicUploadsSince(ctx.db, hourBefore(now))) >= ctx.limits.uploadsPerHour) {
    throw new AppError('rate_limited', UPLOADS_BUSY_MESSAGE);
  }
  return presignUpload(ctx, null, objectName, now);
}

function hourBefore(now: Date): Date {
  return new Date(now.getTime() - HOUR_MS);
}
