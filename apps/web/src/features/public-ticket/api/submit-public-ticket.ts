import { useMutation } from '@tanstack/react-query';
import type { IssueTicketReply, PublicIssueTicketInput } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { solveBotCheck } from '../../../lib/captcha.ts';

/** The public form's fields; the bot-check token is added on submit. */
export type PublicTicketFields = Omit<PublicIssueTicketInput, 'token'>;

/** The presign endpoint of the public form's images (no login). */
export const PUBLIC_PRESIGN_PATH = '/tickets/get-presigned-post/public';

/**
 * POST /tickets/issue-ticket/public: solves a fresh bot check (the server accepts each solution
 * once), then sends the ticket without any session token, signed in or not.
 */
export async function submitPublicTicket(fields: PublicTicketFields): Promise<IssueTicketReply> {
  const token = await solveBotCheck();
  return apiRequest<IssueTicketReply>('/tickets/issue-ticket/public', {
    method: 'POST',
    body: { ...fields, token },
    anonymous: true,
  });
}

export function useSubmitPublicTicket() {
  return useMutation({ mutationFn: submitPublicTicket });
}
