import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PresentPerson } from '@switchboard/shared';
import { changeLanguage, translate } from '../../lib/i18n.ts';
import { publishLiveEvent } from '../../lib/live-events.ts';
import { renderWithProviders } from '../../lib/test-support.tsx';
import { ticketPresenceMessages } from './messages.ts';
import { presenceText } from './presence-text.ts';
import TicketPresence from './ticket-presence.tsx';

const t = (key: keyof typeof ticketPresenceMessages.english, values?: Record<string, string | number>) =>
  translate(ticketPresenceMessages, key, values);
const viewing = (name: string): PresentPerson => ({ user_id: name, name, state: 'viewing' });
const replying = (name: string): PresentPerson => ({ user_id: name, name, state: 'replying' });

describe('the presence line (DESIGN.md §27)', { timeout: 20_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('says nothing when nobody else is there, one name, two names, and two names with the rest counted', () => {
    expect(presenceText(t, [])).toBe('');
    expect(presenceText(t, [viewing('Rahim')])).toBe('Rahim is viewing');
    expect(presenceText(t, [replying('Karim')])).toBe('Karim is replying');
    expect(presenceText(t, [viewing('Rahim'), viewing('Karim')])).toBe('Rahim and Karim are viewing');
    expect(presenceText(t, [viewing('Anika'), viewing('Karim'), viewing('Rahim')])).toBe('Anika, Karim and 1 other are viewing');
    expect(presenceText(t, ['A', 'B', 'C', 'D'].map(replying))).toBe('A, B and 2 others are replying');
  });

  it('puts those replying first, then those viewing', () => {
    expect(presenceText(t, [replying('Karim'), viewing('Rahim'), viewing('Anika')])).toBe(
      'Karim is replying · Rahim and Anika are viewing',
    );
  });

  it('speaks Bangla', async () => {
    await changeLanguage('bn');
    expect(presenceText(t, [viewing('রহিম')])).toBe('রহিম দেখছেন');
    expect(presenceText(t, [replying('করিম'), viewing('রহিম'), viewing('আনিকা')])).toBe('করিম উত্তর লিখছেন · রহিম ও আনিকা দেখছেন');
  });

  it('says viewing on open, shows the others in a polite live region, reads them again on ticket.presence and says gone on leaving', async () => {
    const calls: { method: string; url: string; body: unknown; keepalive: boolean | undefined }[] = [];
    let others: PresentPerson[] = [viewing('Rahim')];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        calls.push({
          method: init?.method ?? 'GET',
          url: input instanceof Request ? input.url : input.toString(),
          body: init?.body ? JSON.parse(init.body as string) : undefined,
          keepalive: init?.keepalive,
        });
        return new Response(JSON.stringify({ data: others }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const view = renderWithProviders(<TicketPresence ticketId={100042} replying={false} />);
    const line = screen.getByRole('status', { name: 'Who else is on this ticket' });
    expect(line.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(line.textContent).toBe('Rahim is viewing'));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/tickets/100042/presence', body: { state: 'viewing' } });

    others = [replying('Karim'), viewing('Rahim')];
    act(() => publishLiveEvent({ event: 'ticket.presence', data: { ticket_id: 100042 } }));
    await waitFor(() => expect(line.textContent).toBe('Karim is replying · Rahim is viewing'));
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/tickets/100042/presence' });
    // Another ticket's change is not this view's.
    const asked = calls.length;
    act(() => publishLiveEvent({ event: 'ticket.presence', data: { ticket_id: 7 } }));
    expect(calls).toHaveLength(asked);

    view.unmount();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { state: 'gone' }, keepalive: true });
  });
});
