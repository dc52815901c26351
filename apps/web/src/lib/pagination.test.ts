import { describe, expect, it } from 'vitest';
import { lastPageOf, pageSummary, pageWindow } from './pagination.ts';

describe('the pagination window (current page ± 3)', () => {
  it('shows three pages on each side in the middle of a long list', () => {
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
  });

  it('is cut at the first page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('is cut at the last page', () => {
    expect(pageWindow(20, 20)).toEqual([17, 18, 19, 20]);
    expect(pageWindow(18, 20)).toEqual([15, 16, 17, 18, 19, 20]);
  });

  it('shows every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('the last page', () => {
  it('is the ceiling of total divided by 10, and 1 for an empty list', () => {
    expect(lastPageOf(0)).toBe(1);
    expect(lastPageOf(10)).toBe(1);
    expect(lastPageOf(11)).toBe(2);
    expect(lastPageOf(95)).toBe(10);
  });
});

describe('the footer text', () => {
  it("reads 'Showing X-Y out of total'", () => {
    expect(pageSummary(1, 95)).toBe('Showing 1-10 out of 95');
    expect(pageSummary(3, 95)).toBe('Showing 21-30 out of 95');
  });

  it('ends the last page at the total', () => {
    expect(pageSummary(10, 95)).toBe('Showing 91-95 out of 95');
    expect(pageSummary(1, 1)).toBe('Showing 1-1 out of 1');
  });

  it("reads 'No results to display' for an empty list", () => {
    expect(pageSummary(1, 0)).toBe('No results to display');
  });
});

describe('an estimated total', () => {
  it('says about, rounded to three digits', () => {
    expect(pageSummary(1, 932_309, 10, true)).toBe('Showing 1-10 out of about 932,000');
    expect(pageSummary(2, 10_487, 10, true)).toBe('Showing 11-20 out of about 10,500');
  });
});
