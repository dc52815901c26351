import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Department, Ticket, TicketStatus, UserType } from '@switchboard/shared';
import { type ApiCall, jsonReply, mockApi, renderWithProviders, ticketFixture } from '../../../lib/test-support.tsx';
import { TicketActions } from './workflow-actions.tsx';

function ticketAt(issued_to: Department, ticket_status: TicketStatus = 'in_progress'): Ticket {
  return ticketFixture({
    title: 'No internet since the storm',
    description: 'Red LOS light.',
    issued_to,
    issuer_number: '8809638000007',
    issuer_name: undefined,
    issuer_user_type: 'customer',
    ticket_status,
    created_at: '2026-03-01T04:00:00.000Z',
  });
}

const show = (user_type: UserType, ticket: Ticket) =>
  renderWithProviders(<TicketActions ticket={ticket} viewer={{ user_type }} />);
const setup = () => userEvent.setup({ delay: null });
const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);
const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === `/api/v1/tickets/${path}`);
const dialog = () => screen.getByRole('dialog');
// In happy-dom the select's dropdown keeps its transition styles, so its options count as hidden.
const optionLabels = async () => (await screen.findAllByRole('option', { hidden: true })).map((option) => option.textContent);
const option = (name: string) => screen.findByRole('option', { name, hidden: true });

describe('the ticket actions', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['customer', 'agent'] as const)('shows a %s no actions', (userType) => {
    show(userType, ticketAt('cc'));
    expect(buttonNames()).toEqual([]);
  });

  it('shows no actions on a solved ticket, even to cc', () => {
    show('cc', ticketAt('cc', 'closed'));
    expect(buttonNames()).toEqual([]);
  });

  it('shows no actions to staff whose department does not hold the ticket', () => {
    show('iptsp', ticketAt('cc'));
    expect(buttonNames()).toEqual([]);
  });

  it('offers Forward, Resolve and Resolve & Forward to Corporate Support to the holding department', () => {
    show('oss_bss', ticketAt('oss-bss'));
    expect(buttonNames()).toEqual(['Forward', 'Resolve', 'Resolve & Forward to Corporate Support']);
  });

  it('hides Resolve & Forward from cc, who may act on any ticket', () => {
    show('cc', ticketAt('rs'));
    expect(buttonNames()).toEqual(['Forward', 'Resolve']);
  });

  it('lists the targets by label without the own department and the holder; cc may choose cc for a ticket elsewhere', async () => {
    const user = setup();
    const iptsp = show('iptsp', ticketAt('iptsp'));
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await screen.findByRole('dialog');
    await user.click(within(dialog()).getByRole('combobox', { name: 'Forward to' }));
    expect(await optionLabels()).toEqual(['Customer Care', 'Retail Sales', 'OSS & BSS']);
    iptsp.unmount();

    show('cc', ticketAt('rs'));
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await screen.findByRole('dialog');
    await user.click(within(dialog()).getByRole('combobox', { name: 'Forward to' }));
    expect(await optionLabels()).toEqual(['Customer Care', 'IPTSP', 'OSS & BSS']);
  });

  it('needs a target and a cause before it sends the forward, then says so', async () => {
    const calls = mockApi({ 'POST /api/v1/tickets/forward-ticket': { message: 'Successfully forwarded this ticket' } });
    const user = setup();
    show('iptsp', ticketAt('iptsp'));
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await screen.findByRole('dialog');
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Choose the department to forward to')).toBeTruthy();
    expect(screen.getByText('Write the cause of the forward')).toBeTruthy();
    expect(callsTo(calls, 'forward-ticket')).toHaveLength(0);

    await user.click(within(dialog()).getByRole('combobox', { name: 'Forward to' }));
    await user.click(await option('Retail Sales'));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Cause' }), '  Wants a faster plan  ');
    await user.click(within(dialog()).getByRole('switch', { name: /Stay in the forward loop/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Successfully forwarded this ticket')).toBeTruthy();
    expect(callsTo(calls, 'forward-ticket')[0]?.body).toEqual({
      ticket_id: 100042,
      previously_issued_to: 'iptsp',
      newly_issued_to: 'rs',
      forward_cause: 'Wants a faster plan',
      is_in_forward_loop: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's 409 and closes the form of a ticket forwarded meanwhile", async () => {
    mockApi({
      'POST /api/v1/tickets/forward-ticket': jsonReply(409, {
        message: 'This ticket was forwarded meanwhile; reload',
        code: 'conflict',
      }),
    });
    const user = setup();
    show('cc', ticketAt('cc'));
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await screen.findByRole('dialog');
    await user.click(within(dialog()).getByRole('combobox', { name: 'Forward to' }));
    await user.click(await option('IPTSP'));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Cause' }), 'Line fault');
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This ticket was forwarded meanwhile; reload')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resolves after the confirm dialog, with the spec toast', async () => {
    const calls = mockApi({ 'POST /api/v1/tickets/resolve-ticket': { message: 'Successfully resolved this ticket' } });
    const user = setup();
    show('rs', ticketAt('rs'));
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await screen.findByRole('dialog');
    expect(within(dialog()).getByText('Mark this ticket as solved? The customer will see it as Solved.')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Successfully resolved this ticket')).toBeTruthy();
    expect(callsTo(calls, 'resolve-ticket')[0]?.body).toEqual({ ticket_id: 100042 });
  });

  it('Close leaves the ticket as it is', async () => {
    const calls = mockApi();
    const user = setup();
    show('rs', ticketAt('rs'));
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await screen.findByRole('dialog');
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('resolves and then forwards to cc, and both toasts show', async () => {
    const calls = mockApi({
      'POST /api/v1/tickets/resolve-ticket': { message: 'Successfully resolved this ticket' },
      'POST /api/v1/tickets/forward-ticket': { message: 'Successfully forwarded this ticket' },
    });
    const user = setup();
    show('rs', ticketAt('rs'));
    await user.click(screen.getByRole('button', { name: 'Resolve & Forward to Corporate Support' }));
    await screen.findByRole('dialog');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Cause' }), 'Plan changed; please inform the customer');
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Successfully forwarded this ticket')).toBeTruthy();
    expect(screen.getByText('Successfully resolved this ticket')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/tickets/resolve-ticket',
      '/api/v1/tickets/forward-ticket',
    ]);
    expect(callsTo(calls, 'forward-ticket')[0]?.body).toMatchObject({ previously_issued_to: 'rs', newly_issued_to: 'cc' });
  });

  it('says exactly what happened when only the resolve succeeded, and retries only the forward', async () => {
    let forwards = 0;
    const calls = mockApi({
      'POST /api/v1/tickets/resolve-ticket': { message: 'Successfully resolved this ticket' },
      'POST /api/v1/tickets/forward-ticket': () =>
        ++forwards === 1
          ? jsonReply(503, { message: 'The service is briefly unavailable. Please try again in a moment.', code: 'unavailable' })
          : { message: 'Successfully forwarded this ticket' },
    });
    const user = setup();
    show('iptsp', ticketAt('iptsp'));
    await user.click(screen.getByRole('button', { name: 'Resolve & Forward to Corporate Support' }));
    await screen.findByRole('dialog');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Cause' }), 'Fixed at the POP');
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));

    const expected =
      'Resolved, but forwarding to Corporate Support failed: The service is briefly unavailable. Please try again in a moment.';
    expect(await within(dialog()).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(expected));
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Successfully forwarded this ticket')).toBeTruthy();
    expect(callsTo(calls, 'resolve-ticket')).toHaveLength(1);
    expect(callsTo(calls, 'forward-ticket')).toHaveLength(2);
  });
  it.each([
    ['Forward', 'Forward ticket #100042'],
    ['Resolve', 'Resolve ticket #100042'],
    ['Resolve & Forward to Corporate Support', 'Resolve & Forward to Corporate Support'],
  ])('confirms %s in the spec dialog: its title, a Confirm and a Close button', async (action, title) => {
    const user = setup();
    show('oss_bss', ticketAt('oss-bss'));
    await user.click(screen.getByRole('button', { name: action }));
    expect(await screen.findByRole('dialog', { name: title })).toBeTruthy();
    expect(
      within(dialog())
        .getAllByRole('button', { name: /^(Confirm|Close)$/ })
        .map((button) => button.textContent),
    ).toEqual(['Close', 'Confirm']);
  });

  it('spins while the resolve runs, then stays open with the reason when it fails', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'POST /api/v1/tickets/resolve-ticket': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = setup();
    show('rs', ticketAt('rs'));
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await screen.findByRole('dialog');
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Confirm' }).dataset.loading).toBe('true'));
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    answer(jsonReply(503, { message: 'The service is briefly unavailable. Please try again in a moment.', code: 'unavailable' }));

    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'The service is briefly unavailable. Please try again in a moment.',
    );
    expect(within(dialog()).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false);
  });

  it('keeps the forward dialog open with what was chosen when the forward fails', async () => {
    mockApi({ 'POST /api/v1/tickets/forward-ticket': new Response('Bad gateway', { status: 502 }) });
    const user = setup();
    show('cc', ticketAt('cc'));
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await screen.findByRole('dialog');
    await user.click(within(dialog()).getByRole('combobox', { name: 'Forward to' }));
    await user.click(await option('IPTSP'));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Cause' }), 'Line fault');
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));

    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Sorry, something went wrong. Please try again or refresh',
    );
    expect(within(dialog()).getByRole('textbox', { name: 'Cause' })).toHaveProperty('value', 'Line fault');
  });
});
