/** Body limits of the endpoints that need no login (their rate limits live in the configuration). */

/** Largest public ticket body: the longest title and description in UTF-8, ten links, the bot check. */
export const PUBLIC_TICKET_BODY_LIMIT = 160 * 1024;
/** A presign body: one file name and the bot check (at most 10,000 characters). */
export const PUBLIC_PRESIGN_BODY_LIMIT = 16 * 1024;
