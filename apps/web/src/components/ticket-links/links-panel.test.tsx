import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, mockApi, renderApp, signInAs, ticketFixture, type ApiCall } from '../../lib/test-support.tsx';

const TICKET = ticketFixture({
  title: 'Router keeps rebooting',
  tags: [],
  links: [{ ticket_id: 100007, title: 'Same street, no internet', ticket_status: 'in_progress' }],
});

const linkCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/v1/tickets/100042/links');

describe('related tickets (DESIGN.md §27)', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the links with their status, links another by its number and removes one', async () => {
    signInAs('cc');
    const calls = mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
      'GET /api/v1/tags': { data: [] },
      'POST /api/v1/tickets/100042/links': { message: 'Ticket #100009 is linked.', data: [] },
      'DELETE /api/v1/tickets/100042/links': { message: 'The link to ticket #100007 is removed.', data: [] },
    });
    renderApp('/view-ticket?id=100042');
    const panel = await screen.findByRole('region', { name: 'Related tickets' }, { timeout: 5000 });
    const link = within(panel).getByRole('link', { name: '#100007' });
    expect(link.getAttribute('href')).toBe('/view-ticket?id=100007');
    expect(within(panel).getByText('Same street, no internet')).toBeTruthy();
    expect(within(panel).getByText('In Progress')).toBeTruthy();

    await userEvent.type(within(panel).getByRole('textbox', { name: 'Link a ticket' }), '#100009{Enter}');
    await waitFor(() => expect(linkCalls(calls).filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(linkCalls(calls)[0]?.body).toEqual({ ticket_id: 100009 });

    await userEvent.click(within(panel).getByRole('button', { name: 'Remove link to ticket #100007' }));
    await waitFor(() => expect(linkCalls(calls).filter((call) => call.method === 'DELETE')).toHaveLength(1));
    expect(linkCalls(calls).at(-1)?.body).toEqual({ ticket_id: 100007 });
  });

  it('checks the number before asking, and shows the refusal of the server', async () => {
    signInAs('rs');
    const calls = mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [TICKET] },
      'GET /api/v1/tags': { data: [] },
      'POST /api/v1/tickets/100042/links': jsonReply(404, { code: 'not_found', message: 'Ticket #999 does not exist.' }),
    });
    renderApp('/view-ticket?id=100042');
    const panel = await screen.findByRole('region', { name: 'Related tickets' }, { timeout: 5000 });
    const field = within(panel).getByRole('textbox', { name: 'Link a ticket' });
    await userEvent.type(field, 'abc{Enter}');
    expect(await within(panel).findByText('Ticket id is a number')).toBeTruthy();
    expect(linkCalls(calls)).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, '999{Enter}');
    expect(await within(panel).findByText('Ticket #999 does not exist.')).toBeTruthy();
  });
});
