/**
 * Who else is on a ticket (DESIGN.md §27): staff's ticket view says "Rahim is viewing", "Karim is
 * replying". Each open view says where it is every PRESENCE_HEARTBEAT_MS; one not heard of for
 * PRESENCE_TTL_MS is gone. Across processes through the live events (§15).
 */
import { z } from 'zod';
import { msg } from './messages.ts';

export const PRESENCE_HEARTBEAT_MS = 20_000;
export const PRESENCE_TTL_MS = 45_000;

/** `gone`: the view closed (the last word of a view, so others need not wait PRESENCE_TTL_MS). */
export const PRESENCE_STATES = ['viewing', 'replying', 'gone'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** POST /tickets/{id}/presence: where the signed-in person is on the ticket; the reply lists the others. */
export const presenceBodySchema = z.object({ state: z.enum(PRESENCE_STATES, msg('presence.state')) });
export type PresenceBody = z.infer<typeof presenceBodySchema>;

/** Another person on the ticket. Never the asker. */
export const presentPersonSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  state: z.enum(['viewing', 'replying']),
});
export type PresentPerson = z.infer<typeof presentPersonSchema>;

/** POST and GET /tickets/{id}/presence: the others on the ticket now, replying ones first, then by name. */
export const presenceReplySchema = z.object({ data: z.array(presentPersonSchema) });
export type PresenceReply = z.infer<typeof presenceReplySchema>;
