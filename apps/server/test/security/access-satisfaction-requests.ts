/** The access matrix's requests of the rating page (DESIGN.md §25), one per row: the link's token is the whole right. */
import { signRatingToken } from '../../src/modules/satisfaction/rating-token.ts';
import { ticketRatings } from '../../src/db/schema.ts';
import { buildTicket } from '../ticket-factories.ts';
import { call, type RequestOf, type World } from './access-world.ts';

/** A fresh solved public-form ticket and a token of its e-mailed links. */
async function ratedLater(world: World): Promise<{ ticketId: number; token: string }> {
  const ticket = await buildTicket(world.db, null, { clientEmail: 'matrix@example.com', ticketStatus: 'closed' });
  return { ticketId: ticket.ticketId, token: signRatingToken(world.config.satisfaction.linkSecret, ticket.ticketId, new Date()) };
}

export const SATISFACTION_REQUESTS: Record<string, RequestOf> = {
  'POST /api/v1/public/ratings': async (caller, world) => {
    const { token } = await ratedLater(world);
    return call('POST', '/api/v1/public/ratings', { token, score: 4 })(caller);
  },
  'POST /api/v1/public/ratings #a token altered to name another ticket': async (caller, world) => {
    const { token } = await ratedLater(world);
    const other = await ratedLater(world);
    const forged = [String(other.ticketId), ...token.split('.').slice(1)].join('.');
    return call('POST', '/api/v1/public/ratings', { token: forged, score: 1 })(caller);
  },
  'POST /api/v1/public/ratings #a ticket rated already': async (caller, world) => {
    const { ticketId, token } = await ratedLater(world);
    await world.db.insert(ticketRatings).values({ ticketId, score: 5, channel: 'email', department: 'cc' });
    return call('POST', '/api/v1/public/ratings', { token, score: 1 })(caller);
  },
  'POST /api/v1/public/ratings/comment': async (caller, world) => {
    const { ticketId, token } = await ratedLater(world);
    await world.db.insert(ticketRatings).values({ ticketId, score: 2, channel: 'email', department: 'cc' });
    return call('POST', '/api/v1/public/ratings/comment', { token, comment: 'The line dropped twice more.' })(caller);
  },
};
