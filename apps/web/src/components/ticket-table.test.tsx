import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { truncate } from '../lib/text.ts';
import { renderWithProviders, ticketRow } from '../lib/test-support.tsx';
import { TicketTable } from './ticket-table.tsx';

const ticket = ticketRow(100042, 'Internet very slow since yesterday morning', { ticket_status: 'in_progress' });

describe('title truncation', () => {
  it("cuts long titles to 20 characters followed by '...'", () => {
    expect(truncate('Internet very slow since yesterday morning', 20)).toBe('Internet very slow s...');
  });

  it('cuts to 40 characters on small screens', () => {
    expect(truncate('Internet very slow since yesterday morning', 40)).toBe('Internet very slow since yesterday morni...');
  });

  it('leaves titles that fit alone', () => {
    expect(truncate('Exactly twenty chars', 20)).toBe('Exactly twenty chars');
    expect(truncate('Short', 20)).toBe('Short');
  });
});

describe('TicketTable', () => {
  it('shows the columns of the spec with the title cut, the number with + and the time in the provider zone', () => {
    renderWithProviders(
      <TicketTable tickets={[ticket]} loading={false} showIssuerColumns timeZone="Asia/Dhaka" onOpen={() => undefined} />,
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Ticket Id',
      'Title',
      'Problematic Number',
      'Issued To',
      'Issued By',
      'Assignee',
      'Issued Time',
      'Status',
    ]);
    expect(screen.getByText('Internet very slow s...')).toBeTruthy();
    expect(screen.getByText('+8801712345678')).toBeTruthy();
    expect(screen.getByText('Customer Care')).toBeTruthy();
    expect(screen.getByText('Sadia Karim')).toBeTruthy();
    // 04:05:06 UTC is 10:05:06 in Dhaka (UTC+6).
    expect(screen.getByText('Nov 20 • 10:05:06 AM')).toBeTruthy();
    expect(screen.getByText('In Progress')).toBeTruthy();
  });

  it("shows each ticket's age and marks the late ones Overdue", () => {
    const late = { ...ticket, ticket_id: 100043, created_at: new Date(Date.now() - 5 * 3_600_000).toISOString(), overdue: true };
    const fresh = { ...ticket, created_at: new Date(Date.now() - 20 * 60_000).toISOString(), overdue: false };
    renderWithProviders(
      <TicketTable tickets={[late, fresh]} loading={false} showIssuerColumns timeZone="Asia/Dhaka" onOpen={() => undefined} />,
    );
    const [lateRow, freshRow] = screen.getAllByTestId('ticket-row');
    expect(lateRow?.textContent).toContain('5 h old');
    expect(lateRow?.textContent).toContain('Overdue');
    expect(freshRow?.textContent).toContain('20 min old');
    expect(freshRow?.textContent).not.toContain('Overdue');
  });

  it('shows staff who took each ticket, and Nobody where nobody did', () => {
    const taken = { ...ticket, ticket_id: 100043, assignee: { id: 'u1', name: 'Nusrat Jahan' } };
    const free = { ...ticket, assignee: null };
    renderWithProviders(
      <TicketTable tickets={[taken, free]} loading={false} showIssuerColumns timeZone="Asia/Dhaka" onOpen={() => undefined} />,
    );
    expect(screen.getAllByTestId('ticket-assignee').map((cell) => cell.textContent)).toEqual(['Nusrat Jahan', 'Nobody']);
  });

  it("shows staff a Priority column with each ticket's priority", () => {
    const urgent = { ...ticket, priority: 'urgent' as const };
    renderWithProviders(
      <TicketTable
        tickets={[urgent]}
        loading={false}
        showIssuerColumns
        showPriority
        timeZone="Asia/Dhaka"
        onOpen={() => undefined}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Ticket Id',
      'Title',
      'Problematic Number',
      'Issued To',
      'Issued By',
      'Assignee',
      'Issued Time',
      'Priority',
      'Status',
    ]);
    expect(screen.getByTestId('priority-badge').textContent).toBe('Urgent');
  });

  it('hides Issued To and Issued By from agents and customers', () => {
    renderWithProviders(
      <TicketTable tickets={[ticket]} loading={false} showIssuerColumns={false} timeZone="Asia/Dhaka" onOpen={() => undefined} />,
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Ticket Id', 'Title', 'Problematic Number', 'Issued Time', 'Status']);
    expect(screen.queryByText('Sadia Karim')).toBeNull();
    expect(screen.queryByTestId('ticket-assignee')).toBeNull();
  });

  it('opens a ticket on row click and on Enter', () => {
    const onOpen = vi.fn();
    renderWithProviders(
      <TicketTable tickets={[ticket]} loading={false} showIssuerColumns timeZone="Asia/Dhaka" onOpen={onOpen} />,
    );
    const row = screen.getByTestId('ticket-row');
    expect(row.getAttribute('tabindex')).toBe('0');
    fireEvent.click(row);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onOpen.mock.calls).toEqual([[100042], [100042]]);
  });

  it("says 'Loading tickets...' while loading and 'No tickets found.' for an empty list", () => {
    const { rerender } = renderWithProviders(
      <TicketTable tickets={[]} loading showIssuerColumns timeZone="Asia/Dhaka" onOpen={() => undefined} />,
    );
    expect(screen.getByText('Loading tickets...')).toBeTruthy();
    rerender(<TicketTable tickets={[]} loading={false} showIssuerColumns timeZone="Asia/Dhaka" onOpen={() => undefined} />);
    expect(screen.getByText('No tickets found.')).toBeTruthy();
  });
});
