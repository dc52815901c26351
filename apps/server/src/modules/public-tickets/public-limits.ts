/** Body limits of the endpoints that need no login (their rate limits live in the configuration). */

/** Largest public ticket body: the longest title and description in UTF-8, ten links, the bot check. */
export const PUBLIC_TICKET_BODY_LIMIT = 160 * 1024;
/** A presign body is one file name. */
export const PUBLIC_PRESIGN_BODY_LIMIT = 4 * 1024;
