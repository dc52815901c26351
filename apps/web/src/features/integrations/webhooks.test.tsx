import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, jsonReply, mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';
import { clientList, delivery, webhookEndpoint } from './integrations-fixtures.ts';

const SECRET = `whsec_${'B'.repeat(43)}=`;
const FAILING = webhookEndpoint(1, { url: 'https://crm.example.com/hook', failing_since: '2026-11-25T06:00:00Z' });
const DISABLED = webhookEndpoint(2, {
  url: 'https://old.example.com/hook',
  active: false,
  failing_since: '2026-11-20T06:00:00Z',
  disabled_at: '2026-11-23T06:00:00Z',
});
const PAUSED = webhookEndpoint(3, { url: 'https://paused.example.com/hook', active: false });
const base = `/api/v1/webhook-endpoints/${FAILING.id}`;

const callsOf = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);
const setup = () => userEvent.setup({ delay: null });

function webhooksApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/v1/api-clients': clientList([]),
    'GET /api/v1/webhook-endpoints': { data: [FAILING, DISABLED, PAUSED] },
    ...overrides,
  });
}

// Screens load lazily and Mantine animates: slow on a busy machine, so the tests get room.
describe('the webhooks of the integrations screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says which endpoint fails, which the desk turned off and which is paused', async () => {
    signInAs('cc', 'admin');
    webhooksApi();
    renderApp('/integrations?page=1');
    const failing = await screen.findByRole('row', { name: /crm\.example\.com/ }, { timeout: 5000 });
    expect(within(failing).getByText('Failing')).toBeTruthy();
    expect(within(failing).getByText(/^since Nov 25/)).toBeTruthy();
    expect(within(failing).getByRole('button', { name: 'Pause https://crm.example.com/hook' })).toBeTruthy();
    const disabled = screen.getByRole('row', { name: /old\.example\.com/ });
    expect(within(disabled).getByText('Turned off')).toBeTruthy();
    expect(within(disabled).getByText(/^after failing for 3 days, Nov 23/)).toBeTruthy();
    expect(within(disabled).getByRole('button', { name: 'Resume https://old.example.com/hook' })).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /paused\.example\.com/ })).getByText('Paused')).toBeTruthy();
  });

  it('checks a new endpoint with the endpoint’s schema, then shows its secret once', async () => {
    signInAs('cc', 'admin');
    const calls = webhooksApi({
      'POST /api/v1/webhook-endpoints': (call) =>
        jsonReply(201, { data: webhookEndpoint(4, call.body as object), secret: SECRET }),
    });
    renderApp('/integrations?page=1');
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add webhook endpoint' }, { timeout: 5000 }));

    await user.type(dialog.getByRole('textbox', { name: /^URL/ }), 'ftp://files.example.com');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Enter a web address starting with https://')).toBeTruthy();
    expect(dialog.getByText('Choose at least one event')).toBeTruthy();
    expect(callsOf(calls, 'POST', '/api/v1/webhook-endpoints')).toEqual([]);

    await user.clear(dialog.getByRole('textbox', { name: /^URL/ }));
    await user.type(dialog.getByRole('textbox', { name: /^URL/ }), 'https://crm.example.com/new');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'CRM');
    await user.click(dialog.getByRole('checkbox', { name: /comment\.added/ }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Endpoint added' }, { timeout: 5000 }));
    expect(shown.getByRole<HTMLInputElement>('textbox', { name: 'Signing secret of https://crm.example.com/new' }).value).toBe(
      SECRET,
    );
    expect(shown.getByText(/it will not be shown again/)).toBeTruthy();
    expect(callsOf(calls, 'POST', '/api/v1/webhook-endpoints').map((call) => call.body)).toEqual([
      { url: 'https://crm.example.com/new', description: 'CRM', department: 'cc', events: ['comment.added'] },
    ]);
  });

  it('keeps an edit as typed when the server refuses it', async () => {
    signInAs('cc', 'admin');
    const calls = webhooksApi({
      [`PATCH ${base}`]: jsonReply(422, { message: 'The address is not public', code: 'validation' }),
    });
    renderApp('/integrations?page=1');
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit https://crm.example.com/hook' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit webhook endpoint' }, { timeout: 5000 }));
    const url = dialog.getByRole('textbox', { name: /^URL/ });
    await user.clear(url);
    await user.type(url, 'https://10.0.0.5/hook');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));

    expect(await dialog.findByText('The address is not public')).toBeTruthy();
    expect((url as HTMLInputElement).value).toBe('https://10.0.0.5/hook');
    expect(callsOf(calls, 'PATCH', base).map((call) => call.body)).toEqual([
      { url: 'https://10.0.0.5/hook', description: '', department: 'cc', events: ['ticket.created'] },
    ]);
  });

  it('pauses an endpoint, and deletes one after the confirm dialog', async () => {
    signInAs('cc', 'admin');
    const calls = webhooksApi({
      [`PATCH ${base}`]: { data: { ...FAILING, active: false } },
      [`DELETE ${base}`]: new Response(null, { status: 204 }),
    });
    renderApp('/integrations?page=1');
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Pause https://crm.example.com/hook' }, { timeout: 5000 }));
    expect(await screen.findByText('Endpoint paused')).toBeTruthy();
    expect(callsOf(calls, 'PATCH', base).map((call) => call.body)).toEqual([{ active: false }]);

    await user.click(screen.getByRole('button', { name: 'Delete https://crm.example.com/hook' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete webhook endpoint' }, { timeout: 5000 }));
    await user.click(confirm.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Endpoint deleted')).toBeTruthy();
    expect(callsOf(calls, 'DELETE', base)).toHaveLength(1);
  });

  it('shows the deliveries, sends a test event and redelivers a failed one', async () => {
    signInAs('cc', 'admin');
    const failed = delivery(2, {
      status: 'failed',
      attempts: 3,
      status_code: 500,
      error: 'The receiver answered 500',
      next_attempt_at: '2026-11-26T12:30:00Z',
    });
    const calls = webhooksApi({
      [`GET ${base}/deliveries`]: { data: [delivery(1), failed], total: 2, total_pages: 1, previous_page: null, next_page: null },
      [`POST ${base}/test`]: jsonReply(202, { data: delivery(3, { event: 'webhook.test', status: 'pending' }) }),
      [`POST ${base}/deliveries/${failed.id}/redeliver`]: jsonReply(202, { data: { ...failed, status: 'pending' } }),
    });
    renderApp('/integrations?page=1');
    const user = setup();
    await user.click(
      await screen.findByRole('button', { name: 'Deliveries of https://crm.example.com/hook' }, { timeout: 5000 }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Deliveries of https://crm.example.com/hook' }, { timeout: 5000 }),
    );
    const failedRow = await dialog.findByRole('row', { name: /The receiver answered 500/ }, { timeout: 5000 });
    expect(within(failedRow).getByText('Failed')).toBeTruthy();
    expect(within(failedRow).getByText('500')).toBeTruthy();
    expect(within(dialog.getAllByRole('row')[1] as HTMLElement).getByText('42 ms')).toBeTruthy();
    expect(dialog.getByText('Showing 1-2 out of 2')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event queued')).toBeTruthy();
    await user.click(within(failedRow).getByRole('button', { name: /^Redeliver ticket\.created/ }));
    expect(await screen.findByText('Delivery queued again')).toBeTruthy();
    expect(callsOf(calls, 'POST', `${base}/test`)).toHaveLength(1);
    expect(callsOf(calls, 'POST', `${base}/deliveries/${failed.id}/redeliver`)).toHaveLength(1);
    expect(callsOf(calls, 'GET', `${base}/deliveries`).length).toBeGreaterThan(1);
  });
});
