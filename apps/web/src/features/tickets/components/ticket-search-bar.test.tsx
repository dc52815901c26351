import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/test-support.tsx';
import { TicketSearchBar } from './ticket-search-bar.tsx';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('TicketSearchBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches by itself 700 ms after the last keystroke, not before', () => {
    const onSearch = vi.fn();
    renderWithProviders(
      <TicketSearchBar withTicketId applied={{}} onSearch={onSearch} onClear={() => undefined} canClear={false} />,
    );
    type('Problematic Number', '017');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    type('Problematic Number', '01712');
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith({ ticket_id: undefined, problematic_number: '01712' });
  });

  it('searches at once with the Search button, and only once', () => {
    const onSearch = vi.fn();
    renderWithProviders(
      <TicketSearchBar withTicketId applied={{}} onSearch={onSearch} onClear={() => undefined} canClear={false} />,
    );
    type('Ticket Id', '100042');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ ticket_id: 100042, problematic_number: undefined });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('disables Search while ticket id and problematic number are both empty', () => {
    renderWithProviders(
      <TicketSearchBar withTicketId applied={{}} onSearch={() => undefined} onClear={() => undefined} canClear={false} />,
    );
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search.hasAttribute('disabled')).toBe(true);
    type('Ticket Id', '7');
    expect(search.hasAttribute('disabled')).toBe(false);
    type('Ticket Id', '');
    type('Problematic Number', '0');
    expect(search.hasAttribute('disabled')).toBe(false);
    type('Problematic Number', '');
    expect(search.hasAttribute('disabled')).toBe(true);
  });

  it('offers agents only the problematic-number search', () => {
    renderWithProviders(
      <TicketSearchBar withTicketId={false} applied={{}} onSearch={() => undefined} onClear={() => undefined} canClear={false} />,
    );
    expect(screen.queryByLabelText('Ticket Id')).toBeNull();
    expect(screen.getByLabelText('Problematic Number')).toBeTruthy();
  });

  it('keeps only digits in the fields', () => {
    renderWithProviders(
      <TicketSearchBar withTicketId applied={{}} onSearch={() => undefined} onClear={() => undefined} canClear={false} />,
    );
    type('Problematic Number', '+88 017-12');
    expect(screen.getByLabelText<HTMLInputElement>('Problematic Number').value).toBe('8801712');
  });

  it('shows a search applied elsewhere, and empties the fields when it is cleared', () => {
    const props = { withTicketId: true, onSearch: () => undefined, onClear: () => undefined, canClear: true };
    const { rerender } = renderWithProviders(<TicketSearchBar {...props} applied={{ ticket_id: 100001 }} />);
    expect(screen.getByLabelText<HTMLInputElement>('Ticket Id').value).toBe('100001');
    rerender(<TicketSearchBar {...props} applied={{}} />);
    expect(screen.getByLabelText<HTMLInputElement>('Ticket Id').value).toBe('');
  });
});

describe('TicketSearchBar, the text box', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const bar = (onSearch: (values: object) => void, applied = {}) =>
    renderWithProviders(
      <TicketSearchBar withTicketId withText applied={applied} onSearch={onSearch} onClear={() => undefined} canClear={false} />,
    );

  it('searches the text by itself 700 ms after the last keystroke, trimmed', () => {
    const onSearch = vi.fn();
    bar(onSearch);
    type('Search text', ' fibre ');
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch).toHaveBeenCalledWith({ ticket_id: undefined, problematic_number: undefined, q: 'fibre' });
  });

  it('sends no text of one or two characters, and keeps Search disabled for it', () => {
    const onSearch = vi.fn();
    bar(onSearch);
    type('Search text', 'f');
    expect(screen.getByRole('button', { name: 'Search' }).hasAttribute('disabled')).toBe(true);
    type('Search text', 'fi');
    expect(screen.getByRole('button', { name: 'Search' }).hasAttribute('disabled')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(700);
    });
    expect(onSearch).toHaveBeenCalledWith({ ticket_id: undefined, problematic_number: undefined, q: undefined });
    type('Search text', 'ইন্');
    expect(screen.getByRole('button', { name: 'Search' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the applied text', () => {
    bar(() => undefined, { q: 'router' });
    expect(screen.getByLabelText<HTMLInputElement>('Search text').value).toBe('router');
  });

  it('is left out for viewers who cannot search text', () => {
    renderWithProviders(
      <TicketSearchBar withTicketId applied={{}} onSearch={() => undefined} onClear={() => undefined} canClear={false} />,
    );
    expect(screen.queryByLabelText('Search text')).toBeNull();
  });
});
