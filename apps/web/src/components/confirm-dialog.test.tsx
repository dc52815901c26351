import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../lib/test-support.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

const show = async (props: { loading?: boolean; error?: string | null }) => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ConfirmDialog opened title="Delete user" body="Delete Rafiq Islam?" onConfirm={onConfirm} onClose={onClose} {...props} />,
  );
  // The modal loads when the dialog first opens.
  return { onConfirm, onClose, dialog: await screen.findByRole('dialog', { name: 'Delete user' }) };
};

describe('the confirm dialog', () => {
  it('shows why the action failed and stays open to try again or close', async () => {
    const { dialog, onClose } = await show({ error: 'This user still holds tickets' });
    expect(within(dialog).getByRole('alert').textContent).toBe('This user still holds tickets');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
