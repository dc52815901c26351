import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@switchboard/shared';
import {
  jsonReply,
  mockApi,
  renderApp,
  signInAs,
  ticketFixture,
  ticketListReply,
  ticketRow as row,
  type ApiCall,
} from '../../lib/test-support.tsx';

const TICKET: Ticket = ticketFixture({ title: 'Router keeps rebooting', tags: ['billing'], links: [] });
const SUGGESTIONS = {
  data: [
    { tag: 'onu swap', tickets: 4 },
    { tag: 'onu reset', tickets: 1 },
  ],
};

const tagWrites = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/tags'));

describe("staff's tags (DESIGN.md §27)", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('adds a suggested tag and removes one, saving the whole set each time', async () => {
    signInAs('cc');
    const calls = mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
      'GET /api/v1/tags': SUGGESTIONS,
      'PUT /api/v1/tickets/100042/tags': (call) => ({
        message: 'The tags are saved.',
        data: (call.body as { tags: string[] }).tags,
      }),
    });
    renderApp('/view-ticket?id=100042');
    const field = await screen.findByRole('textbox', { name: 'Add a tag' }, { timeout: 5000 });
    const panel = screen.getByRole('region', { name: 'Tags' });
    expect(within(within(panel).getByRole('list', { name: 'Tags' })).getByText('billing')).toBeTruthy();
    await userEvent.type(field, 'onu');
    // Asked for once typing pauses; the tags in use come as buttons, most used first.
    const offered = await within(panel).findByRole('group', { name: 'Tags in use' });
    expect(calls.some((call) => call.path === '/api/v1/tags' && call.query.get('q') === 'onu')).toBe(true);
    await userEvent.click(within(offered).getByRole('button', { name: 'onu swap · 4' }));
    await waitFor(() => expect(tagWrites(calls)).toHaveLength(1));
    expect(tagWrites(calls)[0]?.body).toEqual({ tags: ['billing', 'onu swap'] });
    expect((field as HTMLInputElement).value).toBe('');

    await userEvent.click(within(panel).getByRole('button', { name: 'Remove tag billing' }));
    await waitFor(() => expect(tagWrites(calls)).toHaveLength(2));
    expect(tagWrites(calls)[1]?.body).toEqual({ tags: [] });
  });

  it('adds what is typed on Enter or at a comma, as the server will store it', async () => {
    signInAs('cc');
    const calls = mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
      'GET /api/v1/tags': { data: [] },
      'PUT /api/v1/tickets/100042/tags': { message: 'The tags are saved.', data: ['billing', 'onu swap'] },
    });
    renderApp('/view-ticket?id=100042');
    const field = await screen.findByRole('textbox', { name: 'Add a tag' }, { timeout: 5000 });
    await userEvent.type(field, '  ONU   Swap {Enter}');
    await waitFor(() => expect(tagWrites(calls)).toHaveLength(1));
    expect(tagWrites(calls)[0]?.body).toEqual({ tags: ['billing', 'onu swap'] });
    await userEvent.type(field, 'fibre cut,');
    await waitFor(() => expect(tagWrites(calls)).toHaveLength(2));
  });

  it("refuses a tag the endpoint's schema refuses, before asking the server", async () => {
    signInAs('rs');
    const calls = mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
      'GET /api/v1/tags': { data: [] },
    });
    renderApp('/view-ticket?id=100042');
    const field = await screen.findByRole('textbox', { name: 'Add a tag' }, { timeout: 5000 });
    await userEvent.type(field, `${'x'.repeat(31)}{Enter}`);
    expect(await screen.findByText('A tag has at most 30 characters')).toBeTruthy();
    expect(tagWrites(calls)).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    signInAs('cc');
    mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
      'GET /api/v1/tags': { data: [] },
      'PUT /api/v1/tickets/100042/tags': jsonReply(403, { code: 'forbidden', message: 'Only staff can see and set tags.' }),
    });
    renderApp('/view-ticket?id=100042');
    const field = await screen.findByRole('textbox', { name: 'Add a tag' }, { timeout: 5000 });
    await userEvent.type(field, 'fibre cut{Enter}');
    expect(await screen.findByText('Only staff can see and set tags.')).toBeTruthy();
  });

  it('offers customers no tags, and loads no suggestions for them', async () => {
    signInAs('customer');
    const calls = mockApi({ 'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [ticketFixture({ title: 'Mine' })] } });
    renderApp('/view-ticket?id=100042');
    await screen.findByRole('heading', { name: 'Mine' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Tags' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Related tickets' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/v1/tags')).toBe(false);
  });

  it("filters the list by the tag of the address, and shows each row's tags", async () => {
    signInAs('cc');
    const calls = mockApi({
      'GET /api/v1/groups': { data: [] },
      'GET /api/v1/incidents/suggestions': { data: [], window_minutes: 30 },
      'GET /api/v1/tags': SUGGESTIONS,
      'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, [
        row(100001, 'No signal', { tags: ['onu swap', '<b>x</b>'] }),
      ]),
    });
    renderApp('/tickets?page=1&tag=ONU%20%20Swap');
    const found = await screen.findByRole('row', { name: /No signal/ }, { timeout: 5000 });
    expect(
      calls
        .filter((call) => call.path.startsWith('/api/v1/tickets/user-type-wise'))
        .at(-1)
        ?.query.get('tag'),
    ).toBe('onu swap');
    const tags = within(found).getByRole('list', { name: 'Tags' });
    expect(within(tags).getByText('<b>x</b>')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Tag', { selector: 'input' }).value).toBe('onu swap'));
  });

  it('sets the chosen tag in the address', async () => {
    signInAs('iptsp');
    mockApi({
      'GET /api/v1/groups': { data: [] },
      'GET /api/v1/incidents/suggestions': { data: [], window_minutes: 30 },
      'GET /api/v1/tags': SUGGESTIONS,
      'GET /api/v1/tickets/user-type-wise-tickets/1': ticketListReply(1, [row(100001, 'No signal')]),
    });
    const { router } = renderApp('/tickets?page=1');
    await screen.findByRole('row', { name: /No signal/ }, { timeout: 5000 });
    await userEvent.click(await screen.findByLabelText('Tag', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'onu reset' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tag: 'onu reset' }));
  });
});
