import { describe, expect, it } from 'vitest';
import { displayNumber, isValidProductEntry, storedNumberPrefix, withCountryPrefix } from './numbers.ts';

describe('the product number rule (88 + entry = 88096 + 8 digits)', () => {
  it.each(['09638000001', '09600000000', '09699999999', ' 09638000001 '])('accepts %j', (entry) => {
    expect(isValidProductEntry(entry)).toBe(true);
  });

  it.each([
    ['too short', '0963800000'],
    ['too long', '096380000011'],
    ['wrong prefix', '01712345678'],
    ['starts 96 without the 0', '96380000011'],
    ['letters', '0963800000a'],
    ['already prefixed', '8809638000001'],
    ['empty', ''],
    ['spaces inside', '0963 8000001'],
  ])('refuses %s', (_reason, entry) => {
    expect(isValidProductEntry(entry)).toBe(false);
  });

  it('prefixes and displays', () => {
    expect(withCountryPrefix('09638000001')).toBe('8809638000001');
    expect(displayNumber('8809638000001')).toBe('+8809638000001');
  });
});

describe('the stored form of a number search (+880…, 880…, 0… or the digits after 0)', () => {
  it.each([
    ['01711', '8801711'],
    ['+8801711', '8801711'],
    ['8801711', '8801711'],
    ['1711', '8801711'],
    [' 01712345678 ', '8801712345678'],
    ['8', '8'],
  ])('reads %j as %j', (entry, prefix) => {
    expect(storedNumberPrefix(entry)).toBe(prefix);
  });
});
