import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESCRIPTION_MAX_LENGTH, type Group } from '@switchboard/shared';
import { type ApiCall, jsonReply, mockApi, renderApp, signInAs, uuid as id } from '../../lib/test-support.tsx';

const GROUPS: Group[] = [
  { _id: id(1), group_name: 'Internet', sub_groups: [{ _id: id(11), sub_group_bn: 'ধীর গতি', sub_group_en: 'Slow speed' }] },
  { _id: id(2), group_name: 'Billing', sub_groups: [] },
];

const setup = () => userEvent.setup({ delay: null });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const issueCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/tickets/issue-ticket');

function mockCreate() {
  return mockApi({
    'GET /api/v1/groups': { data: GROUPS },
    'POST /api/v1/tickets/issue-ticket': jsonReply(201, {
      message: 'Successfully issued a new ticket',
      data: { ticket_id: 100077 },
    }),
    'GET /api/v1/tickets/get-ticket-by-id/100077': jsonReply(404, { message: 'Ticket not found', code: 'not_found' }),
  });
}

/** Picks a Select option (text queries: the dropdown is in a portal and animates). */
async function choose(user: ReturnType<typeof setup>, field: RegExp, option: string) {
  await user.click(screen.getByLabelText(field, { selector: 'input' }));
  await user.click(await screen.findByText(option, { selector: '[role="option"] span' }));
}

async function fillIn(user: ReturnType<typeof setup>, group = 'Internet') {
  await screen.findByLabelText(/^Title/, {}, { timeout: 5000 });
  await choose(user, /^Group/, group);
  if (group === 'Internet') await choose(user, /^Subgroup/, 'Slow speed (ধীর গতি)');
  await user.type(screen.getByLabelText(/^Title/), '  Fibre down since the storm ');
  await user.type(screen.getByLabelText(/^Problematic Number/), '01712345678');
  await user.type(screen.getByLabelText(/^Description/), 'No internet at all.');
}

describe('the create ticket screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps Submit disabled until title, number, description, group and subgroup are valid', async () => {
    signInAs('customer');
    mockCreate();
    renderApp('/add-ticket');
    const user = setup();
    await screen.findByLabelText(/^Title/, {}, { timeout: 5000 });
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await choose(user, /^Group/, 'Internet');
    await user.type(screen.getByLabelText(/^Title/), 'Fibre down');
    await user.type(screen.getByLabelText(/^Problematic Number/), '0171234567');
    await user.type(screen.getByLabelText(/^Description/), 'No internet');
    // The number has 10 digits, and Internet has subgroups but none is chosen.
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText(/^Problematic Number/), '8');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    await choose(user, /^Subgroup/, 'Slow speed (ধীর গতি)');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
  });

  it('says what a valid number is when the field is left with a wrong one', async () => {
    signInAs('customer');
    mockCreate();
    renderApp('/add-ticket');
    const user = setup();
    await user.type(await screen.findByLabelText(/^Problematic Number/, {}, { timeout: 5000 }), '01712');
    await user.tab();
    expect(screen.getByText('Enter a valid problematic number: 0 followed by 10 digits')).toBeTruthy();
  });

  it("shows the endpoint's description limit as a field error and sends nothing past it", async () => {
    signInAs('customer');
    const calls = mockCreate();
    renderApp('/add-ticket');
    const user = setup();
    await fillIn(user);
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'x'.repeat(DESCRIPTION_MAX_LENGTH + 1) } });
    expect(await screen.findByText(`Description has at most ${DESCRIPTION_MAX_LENGTH} characters`)).toBeTruthy();
    // The spec's rule is about filled fields: Submit stays enabled, and pressing it sends nothing.
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    await user.click(submitButton());
    expect(issueCalls(calls)).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'x'.repeat(DESCRIPTION_MAX_LENGTH) } });
    expect(screen.queryByText(`Description has at most ${DESCRIPTION_MAX_LENGTH} characters`)).toBeNull();
  });

  it('issues a customer ticket as customer, without asking for the issuer type, then opens it', async () => {
    signInAs('customer');
    const calls = mockCreate();
    const { router } = renderApp('/add-ticket');
    const user = setup();
    await fillIn(user);
    expect(screen.queryByText('Issuer type')).toBeNull();
    await user.click(submitButton());
    expect(await screen.findByText('Successfully issued a new ticket')).toBeTruthy();
    expect(issueCalls(calls)[0]?.body).toEqual({
      title: 'Fibre down since the storm',
      problematic_number: '8801712345678',
      description: 'No internet at all.',
      attachments: [],
      group_id: id(1),
      group_name: 'Internet',
      sub_group_id: id(11),
      sub_group_name: 'Slow speed',
      issuer_user_type: 'customer',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/view-ticket'));
    expect(router.state.location.search).toEqual({ id: 100077 });
  });

  it('lets staff choose Agent, and needs no subgroup for a group without any', async () => {
    signInAs('cc');
    const calls = mockCreate();
    renderApp('/add-ticket');
    const user = setup();
    await fillIn(user, 'Billing');
    expect(screen.getByText('Issuer type')).toBeTruthy();
    await user.click(screen.getByText('Agent'));
    await user.click(submitButton());
    await waitFor(() => expect(issueCalls(calls)).toHaveLength(1));
    expect(issueCalls(calls)[0]?.body).toMatchObject({ group_id: id(2), sub_group_id: null, issuer_user_type: 'agent' });
  });

  it("shows the server's message when the ticket is refused", async () => {
    signInAs('agent');
    mockApi({
      'GET /api/v1/groups': { data: GROUPS },
      'POST /api/v1/tickets/issue-ticket': jsonReply(400, { message: 'Choose a subgroup', code: 'validation' }),
    });
    renderApp('/add-ticket');
    const user = setup();
    await fillIn(user);
    await user.click(submitButton());
    expect(await screen.findByText('Choose a subgroup')).toBeTruthy();
  });
});
