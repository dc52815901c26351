import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../lib/test-support.tsx';
import { RetentionNote } from './retention-note.tsx';

describe('the retention note', () => {
  it('says after how many days closed tickets are removed', async () => {
    mockApi({ 'GET /api/v1/retention': { data: { closed_ticket_days: 365 } } });
    renderWithProviders(<RetentionNote />);
    expect(await screen.findByText('Closed tickets are removed after 365 days.')).toBeTruthy();
  });

  it('says it in Bangla', async () => {
    await changeLanguage('bn');
    mockApi({ 'GET /api/v1/retention': { data: { closed_ticket_days: 90 } } });
    renderWithProviders(<RetentionNote />);
    expect(await screen.findByText('বন্ধ টিকিট 90 দিন পর সরিয়ে ফেলা হয়।')).toBeTruthy();
    await changeLanguage('en');
  });

  it('says nothing while retention is off', async () => {
    const calls = mockApi({ 'GET /api/v1/retention': { data: { closed_ticket_days: null } } });
    renderWithProviders(<RetentionNote />);
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/v1/retention')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('retention-note')).toBeNull();
  });
});
