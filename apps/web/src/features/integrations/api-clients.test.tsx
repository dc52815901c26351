import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, jsonReply, mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';
import { apiClient, clientList } from './integrations-fixtures.ts';

const TOKEN = `sb_${'0'.repeat(8)}-0000-4000-8000-000000000009_${'A'.repeat(43)}`;
const posts = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);
const setup = () => userEvent.setup({ delay: null });

function integrationsApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/v1/api-clients': clientList([
      apiClient(1, { name: 'Billing', scopes: ['tickets:read', 'tickets:write'], last_used_at: '2026-11-26T09:00:00Z' }),
      apiClient(2, { name: 'Old monitor', expires_at: '2026-01-01T00:00:00Z' }),
      apiClient(3, { name: 'Chat bot', revoked_at: '2026-11-21T00:00:00Z' }),
    ]),
    'GET /api/v1/webhook-endpoints': { data: [] },
    ...overrides,
  });
}

async function openCreateDialog() {
  const user = setup();
  await user.click(await screen.findByRole('button', { name: 'Create token' }, { timeout: 5000 }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create token' }, { timeout: 5000 }));
  return { user, dialog };
}

// Screens load lazily and Mantine animates: slow on a busy machine, so the tests get room.
describe('the API clients of the integrations screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the clients with their scopes, last use and status, and asks for the page of the URL', async () => {
    signInAs('cc', 'admin');
    const calls = integrationsApi();
    renderApp('/integrations?page=1');
    const billing = await screen.findByRole('row', { name: /Billing/ }, { timeout: 5000 });
    expect(within(billing).getByText('tickets:write')).toBeTruthy();
    expect(within(billing).getByText('Active')).toBeTruthy();
    expect(within(billing).getByText('Never')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Old monitor/ })).getByText('Expired')).toBeTruthy();
    // Twice: in its column, and under the name where a phone shows it.
    expect(within(screen.getByRole('row', { name: /Old monitor/ })).getAllByText('Never used')).toHaveLength(2);
    const revoked = screen.getByRole('row', { name: /Chat bot/ });
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).queryByRole('button', { name: 'Revoke Chat bot' })).toBeNull();
    expect(calls.find((call) => call.path === '/api/v1/api-clients')?.query.get('page')).toBe('1');
  });

  it('checks the form with the endpoint’s schema and sends nothing until it passes', async () => {
    signInAs('cc', 'admin');
    const calls = integrationsApi();
    renderApp('/integrations?page=1');
    const { user, dialog } = await openCreateDialog();

    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Name is required')).toBeTruthy();
    expect(dialog.getByText('Choose at least one scope')).toBeTruthy();

    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Billing');
    await user.click(dialog.getByRole('checkbox', { name: /tickets:read/ }));
    await user.click(dialog.getByRole('radio', { name: 'After a number of days' }));
    await user.clear(dialog.getByRole('textbox', { name: 'Days from now' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Expiry is a whole number of days from 1 to 3650, or none')).toBeTruthy();
    expect(dialog.queryByText('Name is required')).toBeNull();
    expect(posts(calls, '/api/v1/api-clients')).toEqual([]);
  });

  it('sends the client and shows its token once, with a copy button and the warning', async () => {
    signInAs('cc', 'admin');
    const calls = integrationsApi({
      'POST /api/v1/api-clients': (call) =>
        jsonReply(201, { data: apiClient(9, { ...(call.body as object), expires_at: '2027-02-24T00:00:00Z' }), token: TOKEN }),
    });
    renderApp('/integrations?page=1');
    const { user, dialog } = await openCreateDialog();
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), '  Network monitor ');
    await user.click(dialog.getByRole('checkbox', { name: /alarms:write/ }));
    await user.click(dialog.getByRole('checkbox', { name: /incidents:write/ }));
    await user.click(dialog.getByRole('radio', { name: 'After a number of days' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Token created' }, { timeout: 5000 }));
    expect(shown.getByRole<HTMLInputElement>('textbox', { name: 'Token of Network monitor' }).value).toBe(TOKEN);
    expect(shown.getByText(/it will not be shown again/)).toBeTruthy();
    expect(shown.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(posts(calls, '/api/v1/api-clients').map((call) => call.body)).toEqual([
      { name: 'Network monitor', department: 'cc', scopes: ['alarms:write', 'incidents:write'], expires_in_days: 90 },
    ]);

    await user.click(shown.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Token of Network monitor' })).toBeNull());
  });

  it('keeps what was typed and shows the server’s message when the creation is refused', async () => {
    signInAs('cc', 'admin');
    integrationsApi({
      'POST /api/v1/api-clients': jsonReply(409, { message: 'At most 50 clients may exist at once', code: 'conflict' }),
    });
    renderApp('/integrations?page=1');
    const { user, dialog } = await openCreateDialog();
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Billing');
    await user.click(dialog.getByRole('checkbox', { name: /tickets:read/ }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));

    expect(await dialog.findByText('At most 50 clients may exist at once')).toBeTruthy();
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('Billing');
    expect(dialog.getByRole<HTMLInputElement>('checkbox', { name: /tickets:read/ }).checked).toBe(true);
  });

  it('revokes a client after the confirm dialog', async () => {
    signInAs('cc', 'admin');
    const calls = integrationsApi({
      'DELETE /api/v1/api-clients/00000000-0000-4000-8000-000000000001': {
        data: apiClient(1, { name: 'Billing', revoked_at: '2026-11-26T12:00:00Z' }),
      },
    });
    renderApp('/integrations?page=1');
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Billing' }, { timeout: 5000 }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke token' }, { timeout: 5000 }));
    expect(confirm.getByText(/Billing loses access at once/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Billing revoked')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/v1/api-clients/00000000-0000-4000-8000-000000000001',
    ]);
  });

  it('sends staff who are not admins back to the ticket list', async () => {
    signInAs('cc', 'moderator');
    mockApi();
    const { router } = renderApp('/integrations?page=1');
    await waitFor(() => expect(router.state.location.href).toBe('/tickets?page=1'));
  });
});
