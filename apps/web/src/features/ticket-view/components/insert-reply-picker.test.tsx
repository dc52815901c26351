import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArticleSummary } from '@switchboard/shared';
import { mockApi, renderWithProviders, ticketFixture } from '../../../lib/test-support.tsx';
import { InsertReplyPicker } from './insert-reply-picker.tsx';

const ARTICLE: ArticleSummary = {
  id: '0d4f7c1e-5a43-4c7e-9a55-2f6c1b1d9a01',
  slug: 'restart-your-onu',
  title_en: 'Restart your ONU',
  title_bn: 'আপনার ওএনইউ রিস্টার্ট করুন',
  visibility: 'public',
  sub_group_id: null,
  published: true,
  updated_at: '2026-11-20T04:05:00.000Z',
};

describe('Insert reply: help articles', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('searches the public articles as a visitor and inserts the title and the public address', async () => {
    const calls = mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [ticketFixture({ ticket_id: 100042 })] },
      'GET /api/v1/canned-replies': { data: [], total: 0, next: null, previous: null },
      'GET /api/v1/articles': { data: [ARTICLE], total: 1, next: null, previous: null },
    });
    const onInsert = vi.fn();
    renderWithProviders(<InsertReplyPicker ticketId={100042} onInsert={onInsert} />);
    const user = userEvent.setup();
    const open = screen.getByRole('button', { name: 'Insert reply' });
    await waitFor(() => expect(open.hasAttribute('disabled')).toBe(false));
    await user.click(open);
    await user.click(await screen.findByLabelText('Help articles'));
    // The popover's opening transition never ends in jsdom: its content counts as hidden to role queries.
    const group = await screen.findByRole('group', { name: 'Help article links', hidden: true });
    await user.type(within(group).getByRole('textbox', { name: 'Search help articles', hidden: true }), 'ONU');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/v1/articles' && call.query.get('q') === 'ONU')).toBe(true),
    );
    const articleCalls = calls.filter((call) => call.path === '/api/v1/articles');
    // Read as a visitor: the server answers published public articles only.
    expect(articleCalls.every((call) => !call.headers.has('authorization'))).toBe(true);

    await user.click(await within(group).findByRole('button', { name: /Restart your ONU/, hidden: true }));
    expect(onInsert).toHaveBeenCalledWith(`Restart your ONU: ${window.location.origin}/help/restart-your-onu`);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Help article links', hidden: true })).toBeNull());
  });

  it('says so when no public article matches', async () => {
    mockApi({
      'GET /api/v1/tickets/get-ticket-by-id/100042': { data: [ticketFixture({ ticket_id: 100042 })] },
      'GET /api/v1/canned-replies': { data: [], total: 0, next: null, previous: null },
      'GET /api/v1/articles': { data: [], total: 0, next: null, previous: null },
    });
    renderWithProviders(<InsertReplyPicker ticketId={100042} onInsert={vi.fn()} />);
    const user = userEvent.setup();
    const open = screen.getByRole('button', { name: 'Insert reply' });
    await waitFor(() => expect(open.hasAttribute('disabled')).toBe(false));
    await user.click(open);
    await user.click(await screen.findByLabelText('Help articles'));
    expect(await screen.findByText('No published public article matches.')).toBeTruthy();
  });
});
