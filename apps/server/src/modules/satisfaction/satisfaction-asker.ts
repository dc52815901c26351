/**
 * The satisfaction worker of one server process (DESIGN.md §25). Every CSAT_POLL_MS it claims the
 * questions that are due (SKIP LOCKED: processes side by side never take the same one) and, in the
 * claim's transaction, asks each: the SMS and the e-mail go into the outbox and the question is
 * marked asked, together, so a question is asked once whatever crashes when. A question whose
 * ticket was reopened, whose number said STOP or that has no channel left is skipped with its
 * reason; in quiet hours (SMS_QUIET_HOURS) one with an SMS waits for their end.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { QuietHours } from '../../config.ts';
import type { SatisfactionConfig } from '../../config-satisfaction.ts';
import type { Db } from '../../db/client.ts';
import { describeSendFailure } from '../../lib/mailer.ts';
import { quietUntil } from '../../lib/quiet-hours.ts';
import { insertOutboxMessages, type NewOutboxRow } from '../notifications/notifications.repository.ts';
import type { OutboxBell } from '../notifications/outbox-bell.ts';
import { languageToTell } from '../notifications/tell-issuer.ts';
import { signRatingToken } from './rating-token.ts';
import {
  claimDueQuestions,
  findTicketToAsk,
  markAsked,
  postponeQuestion,
  skipQuestion,
  type SkipReason,
} from './satisfaction.repository.ts';
import { surveyAddresses, surveyMail, surveySms, type SurveySettings } from './survey-messages.ts';

/** Questions claimed per transaction: a backlog (a restart after a long stop) goes in short steps. */
const BATCH_SIZE = 50;

export interface SatisfactionAskerOptions {
  db: Db;
  settings: SurveySettings;
  satisfaction: Pick<SatisfactionConfig, 'on' | 'pollMs' | 'linkSecret'>;
  quietHours: QuietHours | null;
  timezone: string;
  /** Wakes the outbox workers of this process once questions are asked. */
  outbox: Pick<OutboxBell, 'ring'>;
  log: FastifyBaseLogger;
  /** The clock due times and quiet hours are read by (tests set it). */
  now?: () => Date;
}

export interface SatisfactionAsker {
  start(): void;
  /** Asks (or skips, or postpones) every question due now: the number asked. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

type Outcome = { asked: true } | { asked: false; skipped?: SkipReason };

export function createSatisfactionAsker(options: SatisfactionAskerOptions): SatisfactionAsker {
  const { db, settings, satisfaction, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  /** The messages that ask the issuer of `ticket`, or why none goes; the caller holds the question's claim. */
  async function askOne(tx: Db, ticketId: number, now: Date): Promise<Outcome> {
    const ticket = await findTicketToAsk(tx, ticketId);
    const skip = async (reason: SkipReason): Promise<Outcome> => {
      await skipQuestion(tx, ticketId, reason);
      return { asked: false, skipped: reason };
    };
    if (!ticket || !satisfaction.on) return skip('off');
    if (ticket.ticketStatus !== 'closed') return skip('reopened');
    const reachable = surveyAddresses(settings, ticket);
    const smsTo = ticket.optedOut ? null : reachable.smsTo;
    const { mailTo } = reachable;
    if (!smsTo && !mailTo) return skip(reachable.smsTo ? 'opted_out' : 'no_channel');
    const quietEnd = smsTo ? quietUntil(now, options.quietHours, options.timezone) : null;
    if (quietEnd) {
      await postponeQuestion(tx, ticketId, quietEnd);
      return { asked: false };
    }
    const language = await languageToTell(tx, ticket);
    const rows: NewOutboxRow[] = [];
    if (smsTo)
      rows.push({
        channel: 'sms',
        kind: 'survey',
        recipient: smsTo,
        body: surveySms(settings.brandName, ticketId, language),
        ticketId,
      });
    if (mailTo && settings.publicUrl) {
      const token = signRatingToken(satisfaction.linkSecret, ticketId, now);
      const mail = surveyMail(
        { brandName: settings.brandName, publicUrl: settings.publicUrl },
        mailTo,
        ticketId,
        token,
        language,
      );
      rows.push({ channel: 'email', kind: 'survey', recipient: mail.to, subject: mail.subject, body: mail.text, ticketId });
    }
    await insertOutboxMessages(tx, rows);
    await markAsked(tx, ticketId, now, smsTo);
    return { asked: true };
  }

  /** One batch in one transaction: the number asked, and whether a full batch was due (more may wait). */
  async function batch(now: Date): Promise<{ asked: number; full: boolean }> {
    return db.transaction(async (tx) => {
      const due = await claimDueQuestions(tx, now, BATCH_SIZE);
      let asked = 0;
      for (const ticketId of due) if ((await askOne(tx, ticketId, now)).asked) asked += 1;
      return { asked, full: due.length === BATCH_SIZE };
    });
  }

  async function runOnce(): Promise<number> {
    const now = options.now?.() ?? new Date();
    let asked = 0;
    for (;;) {
      const done = await batch(now);
      asked += done.asked;
      if (!done.full) break;
    }
    if (asked > 0) options.outbox.ring();
    return asked;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => {
          log.warn({ reason: describeSendFailure(error) }, 'the satisfaction worker could not ask; trying again shortly');
        })
        .finally(schedule);
    }, satisfaction.pollMs);
    timer.unref();
  }

  return {
    start() {
      if (timer || stopped) return;
      schedule();
    },
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
