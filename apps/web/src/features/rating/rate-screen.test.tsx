import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, jsonReply, mockApi, renderApp } from '../../lib/test-support.tsx';

const TOKEN = '100042.1790000000.c2lnbmF0dXJl';
const RATE_PATH = '/api/v1/public/ratings';
const COMMENT_PATH = '/api/v1/public/ratings/comment';
const posts = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);
const rated = (score: number) =>
  jsonReply(200, {
    message: 'Thank you! Your rating is saved.',
    data: { ticket_id: 100042, score, comment_until: '2026-11-27T15:00:00.000Z' },
  });

describe('the rating page', { timeout: 30_000 }, () => {
  it('sends the linked score once on opening, then takes one comment', async () => {
    const calls = mockApi({
      [`POST ${RATE_PATH}`]: () => rated(4),
      [`POST ${COMMENT_PATH}`]: jsonReply(200, { message: 'Thank you! Your comment is saved.', data: { ticket_id: 100042 } }),
    });
    renderApp(`/rate?t=${TOKEN}&s=4`);

    expect(await screen.findByText('You rated ticket #100042 4 of 5.', {}, { timeout: 5000 })).toBeTruthy();
    expect(posts(calls, RATE_PATH).map((call) => call.body)).toEqual([{ token: TOKEN, score: 4 }]);
    expect(posts(calls, RATE_PATH)[0]?.headers.get('authorization')).toBeNull();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Anything to add/), 'Quick and kind, thank you');
    await user.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('Thank you! Your comment is saved.')).toBeTruthy();
    expect(posts(calls, COMMENT_PATH).map((call) => call.body)).toEqual([{ token: TOKEN, comment: 'Quick and kind, thank you' }]);
  });

  it('asks for a score when the link carries none', async () => {
    const calls = mockApi({ [`POST ${RATE_PATH}`]: () => rated(2) });
    renderApp(`/rate?t=${TOKEN}`);

    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText(/Your ticket #100042 was resolved/, {}, { timeout: 5000 })).toBeTruthy();
    expect(posts(calls, RATE_PATH)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Rate 2 of 5' }));
    expect(await screen.findByText('You rated ticket #100042 2 of 5.')).toBeTruthy();
  });

  it("shows the desk's refusal of a spent link, with no buttons to try again", async () => {
    mockApi({
      [`POST ${RATE_PATH}`]: jsonReply(409, { message: 'Ticket #100042 has already been rated. Thank you!', code: 'conflict' }),
    });
    renderApp(`/rate?t=${TOKEN}&s=5`);

    expect(await screen.findByText('Ticket #100042 has already been rated. Thank you!', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rate \d of 5/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('keeps the comment when its send fails', async () => {
    mockApi({
      [`POST ${RATE_PATH}`]: () => rated(5),
      [`POST ${COMMENT_PATH}`]: jsonReply(503, { message: 'The service is busy, please try again.', code: 'unavailable' }),
    });
    renderApp(`/rate?t=${TOKEN}&s=5`);

    const user = userEvent.setup({ delay: null });
    const field = await screen.findByLabelText(/Anything to add/, {}, { timeout: 5000 });
    await user.type(field, 'Fixed fast');
    await user.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('The service is busy, please try again.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>(/Anything to add/).value).toBe('Fixed fast'));
  });

  it('says the link is incomplete without a token', async () => {
    mockApi();
    renderApp('/rate?s=3');
    expect(await screen.findByText(/The rating link is incomplete/, {}, { timeout: 5000 })).toBeTruthy();
  });
});
