/**
 * This process's reader of the support mailbox (DESIGN.md §24), from ready to close, when IMAP_URL
 * is set; without it nothing is registered. Registered by app.ts; tests drive a pass with
 * `app.mailReader.runOnce()`.
 */
import fp from 'fastify-plugin';
import { mailDomainOf } from '../../lib/mailer.ts';
import { alarmIncidentLinker } from '../incidents/alarm-incident-links.ts';
import { storageDriverFor } from '../storage/storage-driver.ts';
import { createMailReader, type MailReader } from './mail-reader.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** null without IMAP_URL. */
    mailReader: MailReader | null;
  }
}

/** The address in `Name <address>` or a bare address, lower case. */
function addressOf(text: string): string {
  return (/<([^<>]+)>\s*$/.exec(text)?.[1] ?? text).trim().toLowerCase();
}

export default fp(
  async (app, { autoStart = true }: { autoStart?: boolean }) => {
    const { config, database, db, tell } = app.deps;
    const { imap, replyTo, perSenderPerHour, maxBytes } = config.channels.mail;
    if (!imap) {
      app.decorate('mailReader', null);
      return;
    }
    const reader = createMailReader({
      imap,
      database,
      log: app.log,
      intake: {
        db,
        storage: storageDriverFor(config),
        timezone: config.timezone,
        log: app.log,
        limits: config.publicLimits,
        mail: tell,
        alarmIncidents: alarmIncidentLinker,
        ownAddresses: [config.mailFrom, replyTo].flatMap((address) => (address ? [addressOf(address)] : [])),
        mailDomain: mailDomainOf(config.mailFrom),
        perSenderPerHour,
        maxBytes,
      },
    });
    app.decorate('mailReader', reader);
    if (autoStart) app.addHook('onReady', async () => reader.start());
    app.addHook('onClose', async () => reader.stop());
  },
  { name: 'mail-reader', dependencies: ['deps'] },
);
