import { useMutation } from '@tanstack/react-query';
import type { RateBody, RateCommentBody, RateCommentReply, RateReply } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /public/ratings: the tap of a link of the satisfaction e-mail; no session, no cookie. */
export function useRate() {
  return useMutation({
    mutationFn: (body: RateBody) => apiRequest<RateReply>('/public/ratings', { method: 'POST', body, anonymous: true }),
  });
}

/** POST /public/ratings/comment: the optional words after the tap, with the same link, once. */
export function useRateComment() {
  return useMutation({
    mutationFn: (body: RateCommentBody) =>
      apiRequest<RateCommentReply>('/public/ratings/comment', { method: 'POST', body, anonymous: true }),
  });
}
