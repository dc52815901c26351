/**
 * Two-way SMS (DESIGN.md §24): a staff member has a customer's ticket open; the customer answers by
 * SMS, which the gateway calls back with its client token, and the answer appears on the open page
 * without a reload. A repeat of the same gateway message adds nothing.
 */
import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import type { SmsInboundReply } from '@switchboard/shared';
import { DEMO, signInAs, tokenFor } from './support/session.ts';
import { issueTicketAs } from './support/tickets.ts';

// Screens load lazily and the machine running the journeys may be busy: allow for slow first paints.
const expect = baseExpect.configure({ timeout: 15_000 });
// What "at once" means here: the event, the refetch and the render, on a busy machine.
const LIVE = { timeout: 5000 };

const SHOTS = '.screenshots/sms-replies';
const DESKTOP = { width: 1280, height: 800 };
const stamp = Date.now().toString(36);

mkdirSync(SHOTS, { recursive: true });

/** A client token with the channels:inbound scope, made by an admin through the API, as the gateway's. */
async function gatewayToken(request: APIRequestContext): Promise<string> {
  const admin = await tokenFor(request, DEMO.admin);
  const reply = await request.post('/api/v1/api-clients', {
    headers: { authorization: `Bearer ${admin}` },
    data: { name: `SMS gateway ${stamp}`, department: 'cc', scopes: ['channels:inbound'] },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { token: string }).token;
}

test('a customer’s SMS answer appears live on the ticket staff have open', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `SMS ${stamp} the line drops every evening`;
  const answer = `Answer ${stamp}: it dropped again at 9 pm`;
  const ticketId = await issueTicketAs(request, await tokenFor(request, DEMO.customer), title);
  const token = await gatewayToken(request);

  await page.setViewportSize(DESKTOP);
  const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/events') && response.ok());
  await signInAs(page, DEMO.admin, `/view-ticket?id=${ticketId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await streamOpened;
  await expect(page.getByText(answer)).toHaveCount(0);

  // The gateway calls back as it does for every message: a GET with the gateway's field names.
  const callback = () =>
    request.get('/api/v1/channels/sms/inbound', {
      headers: { authorization: `Bearer ${token}` },
      params: { msisdn: `88${DEMO.customer}`, text: answer, message_id: `gw-${stamp}` },
    });
  const taken = await callback();
  expect(taken.status(), await taken.text()).toBe(200);
  expect(((await taken.json()) as SmsInboundReply).data).toEqual({ outcome: 'comment', ticket_id: ticketId, repeat: false });

  await expect(page.getByText(answer)).toBeVisible(LIVE);
  // Staff see how it came.
  await expect(page.getByTestId('comment').filter({ hasText: answer })).toContainText('by SMS');
  await page.screenshot({ path: `${SHOTS}/answer-live.png`, fullPage: true });

  // The gateway's retry of the same message changes nothing.
  const repeated = await callback();
  expect(((await repeated.json()) as SmsInboundReply).data.repeat).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(answer)).toHaveCount(1);
});
