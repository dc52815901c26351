/**
 * The two-way channels' variables (DESIGN.md §24): how a gateway names the fields of its callbacks,
 * where a new ticket by SMS goes, the mailbox the desk reads, and the limits per sender.
 */
import { z } from 'zod';

/**
 * `ours=theirs,…`: which of the gateway's field names carries each of ours. Every one of `names`
 * must be mapped, to a name of letters, digits, `_`, `-` or `.`.
 */
function fieldMap<Name extends string>(names: readonly Name[], fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, ctx): Record<Name, string> => {
      const pairs = value.split(',').map((pair) => pair.split('=').map((part) => part.trim()));
      const map = Object.fromEntries(pairs.filter((pair) => pair.length === 2)) as Partial<Record<string, string>>;
      const valid =
        pairs.every((pair) => pair.length === 2 && names.includes(pair[0] as Name) && /^[\w.-]{1,64}$/.test(pair[1] ?? '')) &&
        names.every((name) => map[name] !== undefined);
      if (valid) return map as Record<Name, string>;
      ctx.addIssue({ code: 'custom', message: `must map ${names.join(', ')} as ours=theirs, like ${fallback}` });
      return z.NEVER;
    });
}

/** `imap://` or `imaps://`, a user and password, a host, and the mailbox as the path (INBOX when none). */
const imapUrl = z
  .string()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'imap:' || url.protocol === 'imaps:') && url.hostname !== '' && url.username !== '';
  }, 'must look like imaps://user:password@mail.example.com:993/INBOX')
  .optional();

export const channelsEnv = {
  // Inbound SMS callbacks: our field (from, text, id) = the gateway's name for it.
  SMS_INBOUND_FIELDS: fieldMap(['from', 'text', 'id'], 'from=msisdn,text=text,id=message_id'),
  // Delivery reports: our field (id: the `outbox-<id>` reference, status) = the gateway's name.
  SMS_DELIVERY_FIELDS: fieldMap(['id', 'status'], 'id=reference,status=status'),
  // Where an SMS that answers no ticket opens one: a subgroup's id (or a group's, when it has none).
  SMS_INBOUND_SUBGROUP: z.uuid('must be the id of a subgroup, or of a group without subgroups').optional(),
  // Messages one number may send per hour; later ones are kept but filed nowhere.
  SMS_INBOUND_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  IMAP_URL: imapUrl,
  // The folder a taken mail is moved to (created when missing).
  IMAP_DONE_FOLDER: z.string().min(1).max(200).default('Switchboard'),
  // How often the mailbox is looked at when the server has no IDLE, or the session dropped.
  IMAP_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // The address customers answer to (Reply-To of every mail); unset: the sender of MAIL_FROM.
  MAIL_REPLY_TO: z.string().optional(),
  // Mails one address may send per hour; later ones are kept but filed nowhere.
  INBOUND_MAIL_PER_SENDER_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  // The largest mail read; a larger one is refused (recorded, never filed).
  INBOUND_MAIL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(25 * 1024 * 1024),
};

type ChannelsEnv = z.infer<z.ZodObject<typeof channelsEnv>>;

export interface ChannelsConfig {
  sms: {
    inboundFields: Record<'from' | 'text' | 'id', string>;
    deliveryFields: Record<'id' | 'status', string>;
    /** Where a new ticket by SMS goes; unset: the first live group by name, and its first subgroup. */
    inboundSubGroupId: string | undefined;
    perNumberPerHour: number;
  };
  mail: {
    /** null without IMAP_URL: no mail is read. */
    imap: { url: string; doneFolder: string; pollMs: number } | null;
    replyTo: string | undefined;
    perSenderPerHour: number;
    maxBytes: number;
  };
}

export function channelsConfig(env: ChannelsEnv): ChannelsConfig {
  return {
    sms: {
      inboundFields: env.SMS_INBOUND_FIELDS,
      deliveryFields: env.SMS_DELIVERY_FIELDS,
      inboundSubGroupId: env.SMS_INBOUND_SUBGROUP,
      perNumberPerHour: env.SMS_INBOUND_PER_NUMBER_PER_HOUR,
    },
    mail: {
      imap: env.IMAP_URL ? { url: env.IMAP_URL, doneFolder: env.IMAP_DONE_FOLDER, pollMs: env.IMAP_POLL_MS } : null,
      replyTo: env.MAIL_REPLY_TO,
      perSenderPerHour: env.INBOUND_MAIL_PER_SENDER_PER_HOUR,
      maxBytes: env.INBOUND_MAIL_MAX_BYTES,
    },
  };
}
