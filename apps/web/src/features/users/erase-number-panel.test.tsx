import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, jsonReply, mockApi, renderApp, signInAs } from '../../lib/test-support.tsx';

const emptyUsers = { data: [], total: 0, total_pages: 0, previous_page: null, next_page: null };
const erasePath = '/api/v1/numbers/01712345678/erase';

// Screens load lazily and Mantine animates: slow on a busy machine, so the tests get room.
describe('erasing a number on the users screen', { timeout: 30_000 }, () => {
  it('asks for the number again, says what will happen, and shows the counts', async () => {
    signInAs('cc', 'admin');
    const calls = mockApi({
      'GET /api/v1/users': emptyUsers,
      [`POST ${erasePath}`]: (call: ApiCall) =>
        (call.body as { confirm: string }).confirm === '01712345678'
          ? { message: 'Erased: 2 tickets', data: { tickets: 2, comments: 3, users: 1, subscribers: 0 } }
          : jsonReply(400, { message: 'The confirmation does not match the number.', code: 'bad_request' }),
    });
    renderApp('/user-info');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Number to erase', {}, { timeout: 5000 }), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: "Erase this number's personal data?" });
    expect(within(dialog).getByText(/Other numbers are not touched/)).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Type the number again to confirm'), '01700000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The confirmation does not match the number.')).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Type the number again to confirm'));
    await user.type(within(dialog).getByLabelText('Type the number again to confirm'), '01712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Erased')).toBeTruthy();
    expect(await screen.findByText('Tickets: 2')).toBeTruthy();
    expect(screen.getByText('Comments: 3')).toBeTruthy();
    expect(calls.filter((call) => call.path === erasePath)).toHaveLength(2);
  });

  it('is not on the screen of anyone but an admin', async () => {
    signInAs('cc', 'moderator');
    mockApi({ 'GET /api/v1/users': emptyUsers });
    const { router } = renderApp('/user-info');
    await waitFor(() => expect(router.state.location.href).toBe('/tickets?page=1'));
    expect(screen.queryByText('Number to erase')).toBeNull();
  });
});
