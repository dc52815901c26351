import { describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n.ts';
import { formatAge, formatDue, formatSpan } from './service-time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const before = (milliseconds: number) => new Date(now.getTime() - milliseconds).toISOString();
const after = (milliseconds: number) => new Date(now.getTime() + milliseconds).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('service time', () => {
  it.each([
    [0, '1 min'],
    [59 * MINUTE, '59 min'],
    [HOUR, '1 h'],
    [47 * HOUR + 59 * MINUTE, '47 h'],
    [48 * HOUR, '2 d'],
    [10 * 24 * HOUR + 5 * HOUR, '10 d'],
  ])('writes %i ms as %s', (span, text) => {
    expect(formatSpan(span)).toBe(text);
  });

  it('gives the age of a ticket', () => {
    expect(formatAge(before(3 * HOUR + 20 * MINUTE), now)).toBe('3 h old');
  });

  it('says how soon a ticket is due, or by how much it is late', () => {
    expect(formatDue(after(3 * HOUR + 5 * MINUTE), now)).toBe('Due in 3 h');
    expect(formatDue(before(2 * HOUR + 30 * MINUTE), now)).toBe('Overdue by 2 h');
  });

  it('counts a ticket exactly at its due time as due, not overdue', () => {
    expect(formatDue(now.toISOString(), now)).toBe('Due now');
    expect(formatDue(before(1000), now)).toBe('Overdue by 1 min');
  });

  it('speaks Bangla in Bangla, with Latin digits', async () => {
    await changeLanguage('bn');
    try {
      expect(formatAge(before(3 * HOUR + 20 * MINUTE), now)).toBe('3 ঘণ্টা আগে');
      expect(formatDue(before(2 * HOUR + 30 * MINUTE), now)).toBe('2 ঘণ্টা দেরি');
    } finally {
      await changeLanguage('en');
    }
  });
});
