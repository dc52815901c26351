import { describe, expect, it } from 'vitest';
import { checkSignedLink, parseSignedLink, signedLinkOf } from '../storage/signed-links.ts';
import { createProviderClock } from './provider-clock.ts';
import { cellValueOf, previewTextOf, textCell } from './report-cells.ts';

describe('text cells', () => {
  it.each(['=1+1', '+8801712345678', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd'])(
    'writes %j as an inline string, never a formula',
    (text) => {
      expect(textCell(text)).toEqual({ richText: [{ text }] });
    },
  );

  it('writes ordinary text as a plain string, without characters XML cannot carry, cut at the cell limit', () => {
    expect(textCell('Internet is slow')).toBe('Internet is slow');
    expect(textCell('a\uFFFEb')).toBe('ab');
    expect(textCell('x'.repeat(40_000))).toHaveLength(32_767);
  });

  it('shows dates as the wall clock they hold and hours with two decimals', () => {
    expect(previewTextOf('datetime', new Date('2025-06-11T00:30:00Z'))).toBe('2025-06-11 00:30');
    expect(previewTextOf('hours', 6)).toBe('6.00');
    expect(previewTextOf('text', null)).toBe('');
    expect(previewTextOf('text', 'x'.repeat(1000))).toHaveLength(300);
    expect(cellValueOf('integer', 3)).toBe(3);
  });
});

describe("the provider's clock", () => {
  it('reads Dhaka time (+06:00) and its calendar day', () => {
    const clock = createProviderClock('Asia/Dhaka');
    expect(clock.wallClock(new Date('2025-06-30T18:00:00Z')).toISOString()).toBe('2025-07-01T00:00:00.000Z');
    expect(clock.dayOf(new Date('2025-06-30T17:59:59Z'))).toBe('2025-06-30');
  });

  it('follows daylight saving time where a zone has it', () => {
    const clock = createProviderClock('America/New_York');
    // 9 March 2025: clocks jump from 02:00 EST (-05:00) to 03:00 EDT (-04:00) at 07:00 UTC.
    expect(clock.wallClock(new Date('2025-03-09T06:59:00Z')).toISOString()).toBe('2025-03-09T01:59:00.000Z');
    expect(clock.wallClock(new Date('2025-03-09T07:00:00Z')).toISOString()).toBe('2025-03-09T03:00:00.000Z');
  });
});

describe('signed download links', () => {
  const options = { secret: 's'.repeat(32), publicUrl: 'https://desk.example.net/' };
  const key = 'reports/2025/06/0b6f3c52-6a8e-4f0e-9c1e-2f1c4c8a9d10/tickets-2025-06-01-to-2025-06-30.xlsx';
  const now = new Date('2025-07-01T10:00:00Z');

  it('is valid until it expires, for its key only', () => {
    const link = signedLinkOf(options, key, new Date(now.getTime() + 3600_000));
    expect(link.startsWith(`https://desk.example.net/storage/${key}?expires=`)).toBe(true);
    const parsed = parseSignedLink(link);
    expect(parsed?.key).toBe(key);
    if (!parsed) return;
    expect(checkSignedLink(options.secret, key, parsed.query, now)).toBe('valid');
    expect(checkSignedLink(options.secret, key, parsed.query, new Date(now.getTime() + 3600_000))).toBe('expired');
    expect(checkSignedLink(options.secret, key.replace('.xlsx', '-2.xlsx'), parsed.query, now)).toBe('invalid');
    expect(checkSignedLink('t'.repeat(32), key, parsed.query, now)).toBe('invalid');
  });

  it('takes only links into signed folders', () => {
    expect(parseSignedLink('/storage/attachments/2025/06/a.png?expires=1&signature=x')).toBeNull();
    expect(parseSignedLink('https://desk.example.net/elsewhere')).toBeNull();
  });
});
