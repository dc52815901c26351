import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role, UserType } from '@switchboard/shared';
import { fakeSessionToken, mockApi, renderApp } from '../../lib/test-support.tsx';
import { translate } from '../../lib/i18n.ts';
import { layoutMessages } from './messages.ts';
import { navItemsFor } from './nav-items.ts';

const labelsFor = (user_type: UserType, role: Role) =>
  navItemsFor({ user_type, role }).map((item) => translate(layoutMessages, item.key));

describe('the navigation links of each kind of user', () => {
  it.each<[string, UserType, Role, string[]]>([
    [
      'a cc admin',
      'cc',
      'admin',
      [
        'Create Ticket',
        'Tickets',
        'Dashboard',
        'Forwarded Tickets',
        'Incidents',
        'Canned replies',
        'Report',
        'User',
        'Group',
        'Failed messages',
        'Audit log',
        'Service levels',
        'Working calendars',
        'Integrations',
        'Alarms',
        'Subscribers',
        'Areas',
        'Channels',
        'Help articles',
      ],
    ],
    [
      'an iptsp moderator',
      'iptsp',
      'moderator',
      [
        'Create Ticket',
        'Tickets',
        'Dashboard',
        'Forwarded Tickets',
        'Incidents',
        'Alarms',
        'Canned replies',
        'Group',
        'Help articles',
      ],
    ],
    [
      'an rs user',
      'rs',
      'user',
      ['Create Ticket', 'Tickets', 'Dashboard', 'Forwarded Tickets', 'Incidents', 'Alarms', 'Canned replies', 'Report'],
    ],
    [
      'an oss_bss support user',
      'oss_bss',
      'support',
      ['Create Ticket', 'Tickets', 'Dashboard', 'Forwarded Tickets', 'Incidents', 'Alarms', 'Canned replies'],
    ],
    ['an agent', 'agent', 'user', ['Create Ticket', 'Tickets']],
    ['a customer', 'customer', 'user', ['Create Ticket', 'Tickets']],
  ])('gives %s exactly their links', (_who, userType, role, expected) => {
    expect(labelsFor(userType, role)).toEqual(expected);
  });

  it('never offers agents or customers forwarded tickets, users, groups or reports, whatever their role', () => {
    for (const userType of ['agent', 'customer'] as const) {
      expect(labelsFor(userType, 'admin')).not.toContain('Forwarded Tickets');
      expect(labelsFor(userType, 'user')).not.toContain('Report');
    }
  });
});

describe('the navigation bar', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function signIn(user_type: UserType, role: Role, name: string) {
    localStorage.setItem('jwt_token', fakeSessionToken({ user_type, role, name }));
  }

  // Desktop links come first; the phone menu repeats them (CSS decides which one shows).
  // Screens load lazily, the first one slowly on a busy machine.
  const desktopNav = async () =>
    (await screen.findAllByRole('navigation', { name: 'Main navigation' }, { timeout: 5000 }))[0] as HTMLElement;

  it("shows an admin's links, marks the current page and says who is signed in", async () => {
    mockApi();
    signIn('cc', 'admin', 'Nadia Rahman');
    renderApp('/tickets?page=1');

    const nav = within(await desktopNav());
    const names = nav.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual([
      'Create Ticket',
      'Tickets',
      'Dashboard',
      'Forwarded Tickets',
      'Incidents',
      'Canned replies',
      'Report',
    ]);
    expect(nav.getByRole('link', { name: 'Tickets' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Tickets' }).getAttribute('href')).toBe('/tickets?page=1');
    expect(nav.getByRole('link', { name: 'Create Ticket' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getAllByText('Nadia Rahman').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Customer Care · Admin').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Switchboard: ticket list' }).getAttribute('href')).toBe('/tickets?page=1');
  });

  it("groups an admin's administration links in one Admin menu that the keyboard opens", async () => {
    mockApi();
    signIn('cc', 'admin', 'Nadia Rahman');
    renderApp('/tickets?page=1');

    const nav = within(await desktopNav());
    const admin = await nav.findByRole('button', { name: 'Admin' }, { timeout: 5000 });
    expect(nav.queryByRole('link', { name: 'User' })).toBeNull();
    admin.focus();
    await userEvent.setup().keyboard('{Enter}');
    // jsdom never ends the menu's transition (display stays none); the browser journeys see it open.
    const items = await nav.findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      'User',
      'Group',
      'Failed messages',
      'Audit log',
      'Service levels',
      'Working calendars',
      'Integrations',
      'Alarms',
      'Subscribers',
      'Areas',
      'Channels',
      'Help articles',
    ]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/user-info',
      '/group-info',
      '/notifications',
      '/audit',
      '/service-levels',
      '/calendars',
      '/integrations?page=1',
      '/alarms?view=firing&page=1',
      '/subscribers?page=1',
      '/areas',
      '/channels',
      '/articles?page=1',
    ]);
  });

  it('gives a moderator an Admin menu with Group and the help articles', async () => {
    mockApi();
    signIn('iptsp', 'moderator', 'Mita');
    renderApp('/tickets?page=1');

    const nav = within(await desktopNav());
    await userEvent.setup().click(await nav.findByRole('button', { name: 'Admin' }, { timeout: 5000 }));
    expect((await nav.findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent)).toEqual([
      'Group',
      'Help articles',
    ]);
  });

  it('shows a customer only Create Ticket, Tickets and Sign out', async () => {
    mockApi();
    signIn('customer', 'user', 'Customer +8809638000007');
    renderApp('/tickets?page=2');

    const nav = within(await desktopNav());
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Create Ticket', 'Tickets']);
    expect(nav.getByRole('link', { name: 'Tickets' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByText('Customer').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Sign out' }).length).toBeGreaterThan(0);
  });

  it('signs out: the token goes and the app reloads at /', async () => {
    mockApi();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    signIn('rs', 'user', 'Rafiq');
    renderApp('/report');

    const [signOut] = await screen.findAllByRole('button', { name: 'Sign out' }, { timeout: 5000 });
    await userEvent.setup().click(signOut as HTMLElement);

    expect(localStorage.getItem('jwt_token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });
});
