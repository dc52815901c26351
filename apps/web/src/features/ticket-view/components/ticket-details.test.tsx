import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderWithProviders, ticketFixture } from '../../../lib/test-support.tsx';
import { TicketDetails } from './ticket-details.tsx';

const ticket = (fields: { waiting?: boolean; due_soon?: boolean }) =>
  ticketFixture({ issued_to: 'cc', ticket_status: 'in_progress', due_at: null, overdue: false, ...fields });

describe('the ticket details', { timeout: 20_000 }, () => {
  it('shows staff "Waiting for the customer" while the clock stands still', () => {
    renderWithProviders(<TicketDetails ticket={ticket({ waiting: true, due_soon: false })} staff timeZone="UTC" />);
    expect(screen.getByText('Waiting for the customer')).toBeTruthy();
    expect(screen.queryByText('Due soon')).toBeNull();
  });

  it('shows staff "Due soon" near the due time', () => {
    renderWithProviders(<TicketDetails ticket={ticket({ waiting: false, due_soon: true })} staff timeZone="UTC" />);
    expect(screen.getByText('Due soon')).toBeTruthy();
    expect(screen.queryByText('Waiting for the customer')).toBeNull();
  });

  it('shows neither to agents and customers', () => {
    renderWithProviders(<TicketDetails ticket={ticket({ waiting: true, due_soon: true })} staff={false} timeZone="UTC" />);
    expect(screen.queryByText('Waiting for the customer')).toBeNull();
    expect(screen.queryByText('Due soon')).toBeNull();
  });

  it('names them in Bangla', async () => {
    await changeLanguage('bn');
    try {
      renderWithProviders(<TicketDetails ticket={ticket({ waiting: true, due_soon: true })} staff timeZone="UTC" />);
      expect(screen.getByText('গ্রাহকের জবাবের অপেক্ষায়')).toBeTruthy();
      expect(screen.getByText('সময়সীমা ঘনিয়ে এসেছে')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});
