import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpoint } from '@switchboard/shared';
import { webhookEndpoint } from '../../features/integrations/integrations-fixtures.ts';
import { type ApiCall, mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';

const TURNED_OFF = webhookEndpoint(1, {
  url: 'https://old.example.com/hook',
  active: false,
  failing_since: '2026-11-20T06:00:00Z',
  disabled_at: '2026-11-23T06:00:00Z',
});
const FAILING = webhookEndpoint(2, { url: 'https://crm.example.com/hook', failing_since: '2026-11-25T06:00:00Z' });
const HEALTHY = webhookEndpoint(3);
const PAUSED = webhookEndpoint(4, { active: false });

const TOLD = { name: /^Webhooks (turned off|failing)$/ };
const endpointReads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/v1/webhook-endpoints');

function withEndpoints(endpoints: WebhookEndpoint[]) {
  return mockApi({ 'GET /api/v1/webhook-endpoints': { data: endpoints } });
}

// Screens load lazily, the first one slowly on a busy machine.
const desktopNav = async () =>
  within((await screen.findAllByRole('navigation', { name: 'Main navigation' }, { timeout: 5000 }))[0] as HTMLElement);

async function openAdminMenu(name: string | RegExp) {
  const nav = await desktopNav();
  await userEvent.setup().click(await nav.findByRole('button', { name }, { timeout: 5000 }));
  // jsdom never ends the menu's transition (display stays none); the browser journeys see it open.
  return nav.findAllByRole('menuitem', { hidden: true });
}

describe('admins hear of webhook endpoints in trouble wherever they are', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows an admin the count on the Admin menu and on Integrations, and a notice that leads there', async () => {
    signInAs('cc', 'admin');
    withEndpoints([TURNED_OFF, HEALTHY, PAUSED]);
    renderApp('/tickets?page=1');

    const notice = await screen.findByRole('alert', TOLD, { timeout: 5000 });
    expect(notice.textContent).toContain('A webhook endpoint was turned off after failing for 3 days.');
    expect(within(notice).getByRole('link', { name: 'Open Integrations' }).getAttribute('href')).toBe('/integrations?page=1');
    const items = await openAdminMenu('Admin, 1 endpoint turned off');
    const integrations = items.find((item) => item.getAttribute('href') === '/integrations?page=1');
    expect(integrations?.getAttribute('aria-label')).toBe('Integrations, 1 endpoint turned off');
    expect(integrations?.textContent).toBe('Integrations1');
    // The other administration links carry no badge.
    expect(items.find((item) => item.getAttribute('href') === '/audit')?.getAttribute('aria-label')).toBeNull();
  });

  it('counts a failing endpoint apart from a turned-off one, and warns of the failing one alone', async () => {
    signInAs('cc', 'admin');
    withEndpoints([FAILING]);
    renderApp('/tickets?page=1');

    expect((await screen.findByRole('alert', TOLD, { timeout: 5000 })).textContent).toContain(
      'A webhook endpoint is failing: its deliveries do not go through. It is turned off after 3 days of failures.',
    );
    await openAdminMenu('Admin, 1 endpoint failing');
  });

  it('says both when endpoints are off and failing at once', async () => {
    signInAs('cc', 'admin');
    withEndpoints([TURNED_OFF, FAILING]);
    renderApp('/tickets?page=1');

    const items = await openAdminMenu('Admin, 1 endpoint turned off, 1 endpoint failing');
    expect(items.find((item) => item.getAttribute('href') === '/integrations?page=1')?.getAttribute('aria-label')).toBe(
      'Integrations, 1 endpoint turned off, 1 endpoint failing',
    );
  });

  it('tells once a session: a dismissed notice stays away, a new trouble brings it back', async () => {
    signInAs('cc', 'admin');
    let endpoints = [FAILING];
    mockApi({ 'GET /api/v1/webhook-endpoints': () => ({ data: endpoints }) });
    const first = renderApp('/tickets?page=1');
    const notice = await screen.findByRole('alert', TOLD, { timeout: 5000 });
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert', TOLD)).toBeNull());
    first.unmount();

    // Another screen of the same session: the badge stays, the notice does not come back.
    const second = renderApp('/tickets?page=1');
    await openAdminMenu('Admin, 1 endpoint failing');
    expect(screen.queryByRole('alert', TOLD)).toBeNull();
    second.unmount();

    endpoints = [FAILING, TURNED_OFF];
    renderApp('/tickets?page=1');
    expect(await screen.findByRole('alert', { name: 'Webhooks turned off' }, { timeout: 5000 })).toBeTruthy();
  });

  it('shows no notice on the integrations screen, which says it row by row', async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({
      'GET /api/v1/webhook-endpoints': { data: [TURNED_OFF] },
      'GET /api/v1/api-clients': { data: [], total: 0, total_pages: 0, previous_page: null, next_page: null },
    });
    renderApp('/integrations?page=1');
    await screen.findByRole('row', { name: /old\.example\.com/ }, { timeout: 5000 });
    expect(screen.queryByRole('alert', TOLD)).toBeNull();
    expect(endpointReads(calls).length).toBeGreaterThan(0);
  });

  it('shows an admin without trouble no badge and no notice', async () => {
    signInAs('cc', 'admin');
    const calls = withEndpoints([HEALTHY, PAUSED]);
    renderApp('/tickets?page=1');

    const nav = await desktopNav();
    await waitFor(() => expect(endpointReads(calls).length).toBe(1));
    const items = await openAdminMenu('Admin');
    expect(nav.getByRole('button', { name: 'Admin' }).getAttribute('aria-label')).toBeNull();
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(items.map(() => null));
    expect(screen.queryByRole('alert', TOLD)).toBeNull();
  });

  it.each([
    ['a moderator', 'iptsp', 'moderator'],
    ['an rs staff member', 'rs', 'user'],
    ['a customer', 'customer', 'user'],
  ] as const)('never asks for the endpoints for %s', async (_who, userType, role) => {
    signInAs(userType, role);
    const calls = withEndpoints([TURNED_OFF]);
    renderApp('/tickets?page=1');

    await desktopNav();
    // Give a wrongly enabled read the time to go out.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(endpointReads(calls)).toEqual([]);
    expect(screen.queryByRole('alert', TOLD)).toBeNull();
  });
});
