import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../lib/test-support.tsx';
import { PaginationFooter } from './pagination-footer.tsx';

describe('PaginationFooter', () => {
  it('shows the range, a window of ± 3 pages and the current page', () => {
    renderWithProviders(<PaginationFooter page={6} total={200} onPageChange={() => undefined} />);
    expect(screen.getByText('Showing 51-60 out of 200')).toBeTruthy();
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent);
    expect(pages).toEqual(['3', '4', '5', '6', '7', '8', '9']);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
  });

  it('goes to the first, previous, next and last page', () => {
    const onPageChange = vi.fn<(page: number) => void>();
    renderWithProviders(<PaginationFooter page={6} total={200} onPageChange={onPageChange} />);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page', 'Page 9']) {
      fireEvent.click(screen.getByRole('button', { name }));
    }
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 5, 7, 20, 9]);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    const { unmount } = renderWithProviders(<PaginationFooter page={1} total={25} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'First page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(false);
    unmount();
    renderWithProviders(<PaginationFooter page={3} total={25} onPageChange={() => undefined} />);
    expect(screen.getByText('Showing 21-25 out of 25')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Last page' }).hasAttribute('disabled')).toBe(true);
  });

  it("says 'No results to display' and offers no pages for an empty list", () => {
    renderWithProviders(<PaginationFooter page={1} total={0} onPageChange={() => undefined} />);
    expect(screen.getByText('No results to display')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Page/ })).toBeNull();
  });

  it("says 'more than 1,000' for a search whose count the server capped, and ends its pages there", () => {
    renderWithProviders(<PaginationFooter page={1} total={1000} capped onPageChange={() => undefined} />);
    expect(screen.getByText('Showing 1-10 out of more than 1,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last page' }).hasAttribute('disabled')).toBe(false);
  });
});
