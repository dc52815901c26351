import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@switchboard/shared';
import { fakeSessionToken, jsonReply, mockApi, renderApp, type ApiCall } from '../../lib/test-support.tsx';

const signInAs = (user_type: 'cc' | 'customer', role: 'admin' | 'user') =>
  localStorage.setItem('jwt_token', fakeSessionToken({ user_type, role }));

const userNumber = (index: number) => `88096380${String(index).padStart(5, '0')}`;

function buildUsers(count: number): User[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Person ${index + 1}`,
    product_number: userNumber(index),
    phone_number: '8801712345678',
    user_type: 'rs',
    role: 'support',
    created_at: '2025-01-02T03:04:05.000Z',
  }));
}

/** Picks a Select option (text queries: role queries over a whole screen are slow, and the dropdown animates). */
async function choose(user: ReturnType<typeof userEvent.setup>, field: string | RegExp, option: string) {
  await user.click(screen.getByLabelText(field, { selector: 'input' }));
  await user.click(await screen.findByText(option, { selector: '[role="option"] span' }));
}

// Screens load lazily and Mantine animates: slow on a busy machine, so the tests get room (see describe).
const callsTo = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('the create-user screen', { timeout: 30_000 }, () => {
  it('sends nothing until every field is valid, then sends the numbers with 88 and goes to the list', async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({
      'POST /api/v1/users/signup': (call) =>
        jsonReply(201, { message: 'User created', data: { ...buildUsers(1)[0], ...(call.body as object) } }),
      'GET /api/v1/users': { data: [] },
    });
    const { router } = renderApp('/create-user');
    const user = userEvent.setup({ delay: null });
    const submit = await screen.findByRole('button', { name: 'Create User' }, { timeout: 5000 });

    await user.click(submit);
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Choose a user type')).toBeTruthy();
    expect(screen.getByText('Choose a role')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Name/), 'Mitu Chowdhury');
    await user.type(screen.getByLabelText(/^Switchboard Number/), '09638123456');
    await user.type(screen.getByLabelText(/^Phone Number/), '0171234567');
    await choose(user, /^User Type/, 'Retail Sales');
    await choose(user, /^Role/, 'Support');
    await user.click(submit);
    expect(screen.getByText('Enter a valid phone number: 0 followed by 10 digits')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/v1/users/signup')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Phone Number/), '8');
    await user.click(submit);
    expect(await screen.findByText('Successfully create a new user')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/v1/users/signup')[0]?.body).toEqual({
      name: 'Mitu Chowdhury',
      product_number: '8809638123456',
      phone_number: '8801712345678',
      user_type: 'rs',
      role: 'support',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-info'));
  });

  it("shows the server's message when the number is taken", async () => {
    signInAs('cc', 'admin');
    mockApi({
      'POST /api/v1/users/signup': jsonReply(409, { message: 'A user with this number already exists', code: 'conflict' }),
    });
    renderApp('/create-user');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Name/, {}, { timeout: 5000 }), 'Someone');
    await user.type(screen.getByLabelText(/^Switchboard Number/), '09638123456');
    await user.type(screen.getByLabelText(/^Phone Number/), '01712345678');
    await choose(user, /^User Type/, 'Customer Care');
    await choose(user, /^Role/, 'User');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('A user with this number already exists')).toBeTruthy();
  });
});

describe('the user list', { timeout: 30_000 }, () => {
  it('sends a customer who types /user-info to the ticket list', async () => {
    signInAs('customer', 'user');
    mockApi();
    const { router } = renderApp('/user-info');
    await waitFor(() => expect(router.state.location.href).toBe('/tickets?page=1'));
  });

  it('pages ten users at a time on the client', async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({ 'GET /api/v1/users': { data: buildUsers(23) } });
    renderApp('/user-info');
    expect(await screen.findByText('Person 1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Showing 1-10 out of 23')).toBeTruthy();
    expect(screen.queryByText('Person 11')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Person 21')).toBeTruthy();
    expect(screen.getByText('Showing 21-23 out of 23')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/v1/users')).toHaveLength(1);
  });

  it('edits a role inline and sends the row with created_at, as the spec does', async () => {
    signInAs('cc', 'admin');
    const [first] = buildUsers(1);
    if (!first) throw new Error('no user');
    const calls = mockApi({
      'GET /api/v1/users': { data: [first] },
      [`PUT /api/v1/users/${first._id}`]: (call: ApiCall) => ({
        message: 'User updated',
        data: { ...first, ...(call.body as object) },
      }),
    });
    renderApp('/user-info');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Person 1' }, { timeout: 5000 }));
    await choose(user, 'Role', 'Moderator');
    await user.click(screen.getByRole('button', { name: 'Save Person 1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Person 1' })).toBeTruthy());
    expect(callsTo(calls, 'PUT', `/api/v1/users/${first._id}`)[0]?.body).toEqual({
      name: 'Person 1',
      product_number: first.product_number,
      user_type: 'rs',
      role: 'moderator',
      created_at: first.created_at,
    });
    expect(within(screen.getByRole('row', { name: /Person 1/ })).getByText('Moderator')).toBeTruthy();
  });

  it('deletes a user after the confirm dialog', async () => {
    signInAs('cc', 'admin');
    const [first] = buildUsers(1);
    if (!first) throw new Error('no user');
    const calls = mockApi({
      'GET /api/v1/users': { data: [first] },
      [`DELETE /api/v1/users/${first._id}`]: { message: 'User deleted' },
    });
    renderApp('/user-info');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Person 1' }, { timeout: 5000 }));
    expect(callsTo(calls, 'DELETE', `/api/v1/users/${first._id}`)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Successfully Delete an user')).toBeTruthy();
    expect(screen.queryByText('Person 1')).toBeNull();
  });

  it('says when the users cannot be read', async () => {
    signInAs('cc', 'admin');
    mockApi({ 'GET /api/v1/users': jsonReply(500, { message: 'boom', code: 'internal' }) });
    renderApp('/user-info');
    expect(await screen.findByText('Failed to fetch users', {}, { timeout: 5000 })).toBeTruthy();
  });
});
