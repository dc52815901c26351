/**
 * The reader of the support mailbox (DESIGN.md §24), one per process: an IMAP session (imapflow)
 * that waits in IDLE where the server has it, and looks every IMAP_POLL_MS in any case (a server
 * without IDLE, a notice lost). Each pass takes every mail of the mailbox through takeMail, then
 * flags it \Seen and moves it to IMAP_DONE_FOLDER. Passes of all processes run one at a time (an
 * advisory lock on server PostgreSQL); a mail read twice all the same is filed once
 * (inbound_messages). A dropped session is opened again after a wait that doubles up to
 * MAX_BACKOFF_MS; its error is the channel's last error, and `seen_at` says the session is alive.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import type { Database } from '../../db/client.ts';
import { MAIL_READER_LOCK } from '../../db/client.ts';
import { markMailboxSeen, recordMailboxError } from './mail-inbound.repository.ts';
import { takeMail, type MailIntakeContext } from './mail-intake.ts';

/** Mails one pass takes at most; the next pass follows at once when more are waiting. */
const PASS_BATCH = 200;
const HEARTBEAT_MS = 60_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 5 * 60_000;
const ERROR_MAX_LENGTH = 500;

export interface MailReaderOptions {
  imap: { url: string; doneFolder: string; pollMs: number };
  intake: MailIntakeContext;
  database: Pick<Database, 'exclusively'>;
  log: FastifyBaseLogger;
  /** How soon an idle session starts IDLE (imapflow's default is 15 s). */
  idleAfterMs?: number;
}

export interface MailReader {
  /** Opens the session and keeps it open (again after each drop) until stop. */
  start(): void;
  /** One pass on a session of its own; resolves with the number of mails taken. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** A mail of the mailbox as listed: its UID, size and envelope sender. */
interface FoundMail {
  uid: number;
  size: number;
  sender: string | null;
}

interface Mailbox {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  path: string;
}

/** The mailbox of IMAP_URL: `imaps://user:password@host:993/INBOX`. */
export function mailboxOf(url: string): Mailbox {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    path: decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX',
  };
}

/** An error in one line, without the password (an IMAP reply may echo what it was sent). */
function describeError(error: unknown, mailbox: Mailbox): string {
  const { code, responseText } = (error ?? {}) as { code?: unknown; responseText?: unknown };
  const text = [typeof code === 'string' ? code : null, error instanceof Error ? error.message : String(error), responseText]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(': ');
  const hidden = mailbox.password ? text.split(mailbox.password).join('***') : text;
  return hidden.slice(0, ERROR_MAX_LENGTH);
}

/** The mail is no longer in the mailbox. */
class MailGone extends Error {
  override name = 'MailGone';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export function createMailReader(options: MailReaderOptions): MailReader {
  const { imap, intake, database, log } = options;
  const mailbox = mailboxOf(imap.url);
  let stopped = false;
  let session: ImapFlow | null = null;
  let loop: Promise<void> | null = null;
  let wakeLoop: () => void = () => undefined;
  /** When the last session got as far as the mailbox: one that lived a while starts the waits again from the first. */
  let sessionOpenedAt: number | null = null;

  function connect(): ImapFlow {
    const client = new ImapFlow({
      host: mailbox.host,
      port: mailbox.port,
      secure: mailbox.secure,
      auth: { user: mailbox.user, pass: mailbox.password },
      logger: false,
      autoIdleDelay: options.idleAfterMs ?? 1_000,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
    });
    // An error is also a close, which the session handles; unheard it would end the process.
    client.on('error', (error: unknown) => log.warn({ reason: describeError(error, mailbox) }, 'the mailbox session failed'));
    return client;
  }

  async function ensureDoneFolder(client: ImapFlow): Promise<void> {
    try {
      await client.status(imap.doneFolder, { messages: true });
    } catch {
      await client.mailboxCreate(imap.doneFolder);
    }
  }

  /** Takes the mails of the mailbox, up to PASS_BATCH; returns how many were taken. */
  async function pass(client: ImapFlow): Promise<{ taken: number; more: boolean }> {
    return database.exclusively(async () => {
      const lock = await client.getMailboxLock(mailbox.path);
      try {
        const opened = client.mailbox;
        if (!opened || opened.exists === 0) return { taken: 0, more: false };
        // The mailbox object follows the server: read the count before any mail is moved.
        const waiting = opened.exists;
        const found = await listMails(client, Math.min(waiting, PASS_BATCH));
        const taken: number[] = [];
        try {
          for (const message of found) if (await takeOne(client, opened.uidValidity, message)) taken.push(message.uid);
        } finally {
          await moveToDone(client, taken);
        }
        await markMailboxSeen(intake.db);
        return { taken: taken.length, more: waiting > PASS_BATCH };
      } finally {
        lock.release();
      }
    }, MAIL_READER_LOCK);
  }

  async function listMails(client: ImapFlow, count: number): Promise<FoundMail[]> {
    const found: FoundMail[] = [];
    for await (const message of client.fetch(`1:${count}`, { uid: true, size: true, envelope: true }))
      if (message.uid)
        found.push({ uid: message.uid, size: message.size ?? 0, sender: message.envelope?.from?.[0]?.address ?? null });
    return found;
  }

  /**
   * Flags the mails taken \Seen and moves them to the done folder, all in one command each. A mail
   * taken but not moved (the session dropped) is only moved by the next pass: it is recorded as taken.
   */
  async function moveToDone(client: ImapFlow, uids: number[]): Promise<void> {
    if (uids.length === 0) return;
    const range = uids.join(',');
    await client.messageFlagsAdd(range, ['\\Seen'], { uid: true });
    await client.messageMove(range, imap.doneFolder, { uid: true });
  }

  /** Takes one mail; false when another reader took and moved it meanwhile. */
  async function takeOne(client: ImapFlow, uidValidity: bigint, message: FoundMail): Promise<boolean> {
    const externalId = `${uidValidity}:${message.uid}`;
    let taken;
    try {
      taken = await takeMail(intake, {
        externalId,
        size: message.size,
        envelopeSender: message.sender,
        read: async () => {
          const fetched = await client.fetchOne(String(message.uid), { source: true }, { uid: true }).catch(() => false as const);
          if (!fetched || !fetched.source) throw new MailGone();
          return fetched.source;
        },
      });
    } catch (error) {
      // PGlite has no lock between readers (tests run two): the other one took it.
      if (error instanceof MailGone) return false;
      throw error;
    }
    log.info({ mail: externalId, outcome: taken.outcome, ticket_id: taken.ticketId }, 'a mail of the mailbox was taken');
    return true;
  }

  /** Passes until the mailbox is empty. */
  async function drain(client: ImapFlow): Promise<number> {
    let total = 0;
    for (;;) {
      const { taken, more } = await pass(client);
      total += taken;
      if (!more || stopped) return total;
    }
  }

  async function recordError(error: unknown): Promise<void> {
    // Closing the session on stop breaks a pass under way: that is no fault of the mailbox.
    if (stopped) return;
    const reason = describeError(error, mailbox);
    log.warn({ reason }, 'the mailbox could not be read');
    await recordMailboxError(intake.db, reason).catch(() => undefined);
  }

  /** One session: passes on every new mail and every pollMs, until the connection closes. */
  async function runSession(): Promise<void> {
    const client = connect();
    session = client;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await client.connect();
    await ensureDoneFolder(client);
    await markMailboxSeen(intake.db);
    sessionOpenedAt = Date.now();
    let running: Promise<unknown> = Promise.resolve();
    let queued = false;
    const schedule = () => {
      if (queued || stopped) return;
      queued = true;
      running = running.then(async () => {
        queued = false;
        if (client.usable) await drain(client).catch(recordError);
      });
    };
    client.on('exists', schedule);
    const poll = setInterval(schedule, imap.pollMs);
    const heartbeat = setInterval(() => {
      if (client.usable) markMailboxSeen(intake.db).catch(() => undefined);
    }, HEARTBEAT_MS);
    schedule();
    try {
      await closed;
    } finally {
      clearInterval(poll);
      clearInterval(heartbeat);
      await running;
      session = null;
    }
    if (!stopped) throw new Error('the IMAP session closed');
  }

  async function keepReading(): Promise<void> {
    let backoff = FIRST_BACKOFF_MS;
    while (!stopped) {
      const wait = new Promise<void>((resolve) => {
        wakeLoop = resolve;
      });
      try {
        await runSession();
      } catch (error) {
        if (stopped) return;
        await recordError(error);
      }
      if (stopped) return;
      if (sessionOpenedAt !== null && Date.now() - sessionOpenedAt > HEARTBEAT_MS) backoff = FIRST_BACKOFF_MS;
      sessionOpenedAt = null;
      await Promise.race([sleep(backoff), wait]);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  }

  return {
    start() {
      if (loop || stopped) return;
      loop = keepReading();
    },
    async runOnce() {
      const client = connect();
      await client.connect();
      try {
        await ensureDoneFolder(client);
        return await drain(client);
      } finally {
        await client.logout().catch(() => client.close());
      }
    },
    async stop() {
      stopped = true;
      wakeLoop();
      await session?.logout().catch(() => session?.close());
      await loop;
    },
  };
}
