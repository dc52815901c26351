import { useMutation } from '@tanstack/react-query';
import type { IssueTicketReply, PublicIssueTicketInput } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import type { FormBotCheck } from '../../../lib/captcha.ts';

/** The public form's fields; the bot-check token is added on submit. */
export type PublicTicketFields = Omit<PublicIssueTicketInput, 'token'>;

/** The presign endpoint of the public form's images (no login; a solved bot check). */
export const PUBLIC_PRESIGN_PATH = '/tickets/get-presigned-post/public';

export interface PublicSubmission {
  fields: PublicTicketFields;
  /** The form's bot check: the solution its images used, while it is fresh, or a new one. */
  botCheck: FormBotCheck;
}

/** POST /tickets/issue-ticket/public: with the form's bot check, without any session token, signed in or not. */
export async function submitPublicTicket({ fields, botCheck }: PublicSubmission): Promise<IssueTicketReply> {
  const token = await botCheck.forSubmit();
  return apiRequest<IssueTicketReply>('/tickets/issue-ticket/public', {
    method: 'POST',
    body: { ...fields, token },
    anonymous: true,
  });
}

export function useSubmitPublicTicket() {
  return useMutation({ mutationFn: submitPublicTicket });
}
