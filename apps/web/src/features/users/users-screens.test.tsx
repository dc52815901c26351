import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User, UserListReply } from '@switchboard/shared';
import { type ApiCall, jsonReply, mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';

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

/** A page of the server's users reply, as GET /users?page=&q= answers it. */
function pageOf(all: User[], page = 1): UserListReply {
  const totalPages = Math.ceil(all.length / 10);
  return {
    data: all.slice((page - 1) * 10, page * 10),
    total: all.length,
    total_pages: totalPages,
    previous_page: page > 1 ? page - 1 : null,
    next_page: page < totalPages ? page + 1 : null,
  };
}

/** The users endpoint over `all`: pages and a name search, like the server. */
function usersEndpoint(all: User[]) {
  return (call: ApiCall) => {
    const q = call.query.get('q')?.toLowerCase() ?? '';
    return pageOf(
      all.filter((user) => user.name.toLowerCase().includes(q)),
      Number(call.query.get('page') ?? 1),
    );
  };
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
      'GET /api/v1/users': pageOf([]),
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

  it('asks the server for ten users a page and keeps the page in the URL', async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({ 'GET /api/v1/users': usersEndpoint(buildUsers(23)) });
    const { router } = renderApp('/user-info');
    expect(await screen.findByText('Person 1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Showing 1-10 out of 23')).toBeTruthy();
    expect(screen.queryByText('Person 11')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Person 21')).toBeTruthy();
    expect(screen.getByText('Showing 21-23 out of 23')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ page: 3 });
    expect(callsTo(calls, 'GET', '/api/v1/users').map((call) => call.query.get('page'))).toEqual(['1', '3']);
  });

  it('opens the page and search of the URL', async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({ 'GET /api/v1/users': usersEndpoint(buildUsers(23)) });
    renderApp('/user-info?page=2&q=person');
    expect(await screen.findByText('Person 11', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Search users').value).toBe('person');
    expect(callsTo(calls, 'GET', '/api/v1/users')[0]?.query.toString()).toBe('page=2&q=person');
  });

  it('searches on the server once typing stops, from the first page', async () => {
    signInAs('cc', 'admin');
    const users = buildUsers(23);
    const calls = mockApi({ 'GET /api/v1/users': usersEndpoint(users) });
    const { router } = renderApp('/user-info?page=2');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Search users', {}, { timeout: 5000 }), 'Person 2');
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1, q: 'Person 2' }), { timeout: 3000 });
    expect(await screen.findByText('Person 23')).toBeTruthy();
    expect(screen.queryByText('Person 1')).toBeNull();
    // One request for the opened page and one for the finished search: none per key.
    expect(callsTo(calls, 'GET', '/api/v1/users').map((call) => call.query.toString())).toEqual(['page=2', 'page=1&q=Person+2']);
  });

  it('says when no user matches the search', async () => {
    signInAs('cc', 'admin');
    mockApi({ 'GET /api/v1/users': usersEndpoint(buildUsers(3)) });
    renderApp('/user-info?q=nobody');
    expect(await screen.findByText('No users match the search.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No results to display')).toBeTruthy();
  });

  it.each([
    ['the name field', 'Name', false],
    ['the Save button under the pointer', 'Save Person 1', true],
    ['the Cancel button under the pointer', 'Cancel editing', true],
  ])('cancels an inline edit with Escape on %s', async (_case, label, hovered) => {
    signInAs('cc', 'admin');
    const [first] = buildUsers(1);
    if (!first) throw new Error('no user');
    const calls = mockApi({ 'GET /api/v1/users': pageOf([first]) });
    renderApp('/user-info');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Person 1' }, { timeout: 5000 }));
    // The edit fields load with the first edit.
    const target = await screen.findByLabelText(label);
    // An open tooltip used to swallow Escape to close itself.
    if (hovered) {
      await user.hover(target);
      expect(await screen.findByText(label, { selector: '.mantine-Tooltip-tooltip' })).toBeTruthy();
    }
    target.focus();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Edit Person 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Person 1' })).toBeNull();
    expect(callsTo(calls, 'PUT', `/api/v1/users/${first._id}`)).toHaveLength(0);
  });

  it('closes an open list first with Escape and keeps the edit', async () => {
    signInAs('cc', 'admin');
    const [first] = buildUsers(1);
    if (!first) throw new Error('no user');
    mockApi({ 'GET /api/v1/users': pageOf([first]) });
    renderApp('/user-info');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Person 1' }, { timeout: 5000 }));
    const role = await screen.findByLabelText('Role', { selector: 'input' });
    await user.click(role);
    await waitFor(() => expect(role.getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(role.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByRole('button', { name: 'Save Person 1' })).toBeTruthy();
  });

  it('edits a role inline and sends the row with created_at, as the spec does', async () => {
    signInAs('cc', 'admin');
    const [first] = buildUsers(1);
    if (!first) throw new Error('no user');
    const calls = mockApi({
      'GET /api/v1/users': pageOf([first]),
      [`PUT /api/v1/users/${first._id}`]: (call: ApiCall) => ({
        message: 'User updated',
        data: { ...first, ...(call.body as object) },
      }),
    });
    renderApp('/user-info');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Person 1' }, { timeout: 5000 }));
    await screen.findByRole('button', { name: 'Save Person 1' });
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
    const stored = [first];
    const calls = mockApi({
      'GET /api/v1/users': usersEndpoint(stored),
      [`DELETE /api/v1/users/${first._id}`]: () => {
        stored.pop();
        return { message: 'User deleted' };
      },
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
