/** Tickets the journeys need as a starting point, issued through the API as a given account. */
import type { APIRequestContext } from '@playwright/test';
import type { Group, IssueTicketReply } from '@switchboard/shared';

/** A customer's ticket in the demo "Internet" group (or the first group), issued with `token`; it starts at cc. */
export async function issueTicketAs(
  request: APIRequestContext,
  token: string,
  title: string,
  description = 'The router restarts every few minutes since Tuesday.',
): Promise<number> {
  const groups = (await (await request.get('/api/v1/groups')).json()) as { data: Group[] };
  const group = groups.data.find((candidate) => candidate.group_name === 'Internet') ?? groups.data[0];
  if (!group) throw new Error('no groups in the demo data');
  const reply = await request.post('/api/v1/tickets/issue-ticket', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      problematic_number: '8801712345678',
      description,
      group_id: group._id,
      group_name: group.group_name,
      sub_group_id: group.sub_groups[0]?._id ?? null,
      sub_group_name: group.sub_groups[0]?.sub_group_en ?? null,
      issuer_user_type: 'customer',
    },
  });
  if (!reply.ok()) throw new Error(`issue-ticket: ${reply.status()} ${await reply.text()}`);
  return ((await reply.json()) as IssueTicketReply).data.ticket_id;
}
