import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sha, verifySolution } from 'altcha/lib';
import { describe, expect, it } from 'vitest';
import { type Group } from '@switchboard/shared';
import {
  type ApiCall,
  fakeSessionToken,
  jsonReply,
  mockApi,
  renderApp,
  TEST_CAPTCHA_SECRET,
  uuid as id,
} from '../../lib/test-support.tsx';

const GROUPS: Group[] = [
  { _id: id(1), group_name: 'Broadband', sub_groups: [{ _id: id(11), sub_group_bn: 'ধীর গতি', sub_group_en: 'Slow speed' }] },
  { _id: id(2), group_name: 'Billing', sub_groups: [] },
];

const SUBMIT_PATH = '/api/v1/tickets/issue-ticket/public';
const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);
const setup = () => userEvent.setup({ delay: null });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

/** Picks a Select option (text queries: role queries over a whole screen are slow, and the dropdown animates). */
async function choose(user: ReturnType<typeof setup>, field: RegExp, option: string) {
  await user.click(screen.getByLabelText(field, { selector: 'input' }));
  await user.click(await screen.findByText(option, { selector: '[role="option"] span' }));
}

async function fillIn(user: ReturnType<typeof setup>, fields: { group?: string; subgroup?: string; email?: string } = {}) {
  await screen.findByLabelText(/^Title/, {}, { timeout: 5000 });
  await choose(user, /^Group/, fields.group ?? 'Broadband');
  if (fields.subgroup !== '') await choose(user, /^Subgroup/, fields.subgroup ?? 'Slow speed (ধীর গতি)');
  await user.type(screen.getByLabelText(/^Title/), 'No internet since the storm');
  await user.type(screen.getByLabelText(/^Problematic Number/), '01712345678');
  await user.type(screen.getByLabelText(/^Email/), fields.email ?? 'rahim@example.com');
  await user.type(screen.getByLabelText(/^Description/), 'The router shows a red light.');
}

/** Opens the page and goes past the number check to the form. */
async function openForm() {
  renderApp('/create-ticket');
  const user = setup();
  await user.click(await screen.findByRole('button', { name: 'Report a problem without checking' }, { timeout: 5000 }));
  return user;
}

const ticketReply = (ticketId: number) =>
  jsonReply(201, { message: 'Ticket submitted successfully', data: { ticket_id: ticketId, client_email: 'rahim@example.com' } });

// The screen loads lazily and Mantine animates: slow on a busy machine, so the tests get room.
describe('the public ticket page', { timeout: 30_000 }, () => {
  it('checks the e-mail address when the field is left, and clears the message once it is valid', async () => {
    mockApi({ 'GET /api/v1/groups': { data: GROUPS } });
    const user = await openForm();
    const email = await screen.findByLabelText(/^Email/, {}, { timeout: 5000 });

    await user.type(email, 'rahim@');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await user.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
  });

  it('keeps Submit disabled until every field is valid, the subgroup included when the group has any', async () => {
    mockApi({ 'GET /api/v1/groups': { data: GROUPS } });
    const user = await openForm();
    await fillIn(user, { subgroup: '' });
    expect(submitButton()).toHaveProperty('disabled', true);
    await choose(user, /^Subgroup/, 'Slow speed (ধীর গতি)');
    expect(submitButton()).toHaveProperty('disabled', false);
    // A group without subgroups needs none.
    await choose(user, /^Group/, 'Billing');
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it('sends the ticket with a solved bot check and no session, then shows the confirmation with the ticket number', async () => {
    // Even a signed-in person's public ticket goes without the session.
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type: 'customer', role: 'user' }));
    const calls = mockApi({ 'GET /api/v1/groups': { data: GROUPS }, [`POST ${SUBMIT_PATH}`]: ticketReply(100321) });
    const user = await openForm();
    await fillIn(user);
    await user.click(submitButton());

    expect(await screen.findByText('Ticket submitted successfully')).toBeTruthy();
    expect(screen.getByText('Thanks! Our support team will contact you soon.')).toBeTruthy();
    expect(screen.getByTestId('submitted-ticket-id').textContent).toBe('100321');

    const [request] = callsTo(calls, SUBMIT_PATH);
    expect(request?.headers.get('authorization')).toBeNull();
    const body = request?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'No internet since the storm',
      problematic_number: '8801712345678',
      client_email: 'rahim@example.com',
      description: 'The router shows a red light.',
      group_id: id(1),
      sub_group_id: id(11),
      issuer_user_type: 'customer',
      attachments: [],
    });
    const check = await verifySolution({
      ...JSON.parse(atob(String(body.token))),
      deriveKey: sha.deriveKey,
      hmacSignatureSecret: TEST_CAPTCHA_SECRET,
    });
    expect(check.verified).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Submit another ticket' }));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Title/)).value).toBe('');
  });

  it('shows the server message inline and keeps what was typed', async () => {
    mockApi({
      'GET /api/v1/groups': { data: GROUPS },
      [`POST ${SUBMIT_PATH}`]: jsonReply(429, {
        code: 'rate_limited',
        message: 'You have sent many tickets from this connection in the last hour. Please try again later.',
      }),
    });
    const user = await openForm();
    await fillIn(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You have sent many tickets from this connection in the last hour.');
    expect(screen.getByLabelText<HTMLInputElement>(/^Title/).value).toBe('No internet since the storm');
    // Editing takes the refusal about the old values away.
    await user.type(screen.getByLabelText(/^Title/), '!');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows a field the server refused next to the field', async () => {
    mockApi({
      'GET /api/v1/groups': { data: GROUPS },
      [`POST ${SUBMIT_PATH}`]: jsonReply(400, {
        code: 'validation',
        message: 'Choose a subgroup of the chosen group',
        details: { sub_group_id: 'Choose a subgroup of the chosen group' },
      }),
    });
    const user = await openForm();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findAllByText('Choose a subgroup of the chosen group')).toHaveLength(2);
  });

  it('shows the generic text when the server gives no message', async () => {
    mockApi({
      'GET /api/v1/groups': { data: GROUPS },
      [`POST ${SUBMIT_PATH}`]: new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const user = await openForm();
    await fillIn(user);
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Sorry, something went wrong. Please try again or refresh');
  });

  it('says so clearly when the bot check itself cannot be done, and sends nothing', async () => {
    const calls = mockApi({
      'GET /api/v1/groups': { data: GROUPS },
      'GET /api/v1/captcha/challenge': { algorithm: 'SHA-256', nonce: 'x', salt: 'y' },
    });
    const user = await openForm();
    await fillIn(user);
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toContain('The bot check could not be completed. Please try again.');
    expect(callsTo(calls, SUBMIT_PATH)).toHaveLength(0);
  });
});

describe('the number check before the form', { timeout: 30_000 }, () => {
  const STATUS_PATH = 'GET /api/v1/status/01712345678' as const;
  const checkNumber = async () => {
    renderApp('/create-ticket');
    const user = setup();
    await user.type(await screen.findByLabelText(/^Number with the problem/, {}, { timeout: 5000 }), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    return user;
  };

  it('tells a known outage in the area with its note, and "Report anyway" opens the form with the number', async () => {
    const calls = mockApi({
      'GET /api/v1/groups': { data: GROUPS },
      [STATUS_PATH]: { data: { outage: { since: '2026-11-27T08:05:00.000Z', public_note: 'A fibre cut at Mirpur 10' } } },
    });
    const user = await checkNumber();
    expect(
      await screen.findByText(/We know about an outage in your area since .*14:05. You don't need to report it./),
    ).toBeTruthy();
    expect(screen.getByText('A fibre cut at Mirpur 10')).toBeTruthy();
    // Asked with a solved bot check of the status flow, and without the session.
    const status = calls.find((call) => call.path === '/api/v1/status/01712345678');
    expect(status?.query.get('token')).toBeTruthy();
    expect(status?.headers.get('authorization')).toBeNull();
    expect(calls.some((call) => call.path === '/api/v1/captcha/challenge' && call.query.get('flow') === 'status')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Report anyway' }));
    expect(await screen.findByLabelText(/^Problematic Number/, {}, { timeout: 5000 })).toHaveProperty('value', '01712345678');
  });

  it('goes straight on to the form with the number when no outage is known', async () => {
    mockApi({ 'GET /api/v1/groups': { data: GROUPS }, [STATUS_PATH]: { data: { outage: null } } });
    await checkNumber();
    expect(await screen.findByLabelText(/^Problematic Number/, {}, { timeout: 5000 })).toHaveProperty('value', '01712345678');
    expect(screen.queryByText(/We know about an outage/)).toBeNull();
  });

  it('says so when the check is refused, and the form stays one click away', async () => {
    mockApi({
      'GET /api/v1/groups': { data: GROUPS },
      [STATUS_PATH]: jsonReply(429, {
        code: 'rate_limited',
        message: 'Too many status checks from this address; try again in a while',
      }),
    });
    await checkNumber();
    expect(await screen.findByText('Too many status checks from this address; try again in a while')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report a problem without checking' })).toBeTruthy();
  });
});
