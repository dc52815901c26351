import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language.ts';

const languageOf = (header: string | undefined) => requestLanguage({ headers: { 'accept-language': header } });

describe('requestLanguage', () => {
  it('reads the language the web app sends', () => {
    expect(languageOf('bn')).toBe('bn');
    expect(languageOf('en')).toBe('en');
  });

  it('is English without the header', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(requestLanguage({ headers: {} })).toBe('en');
  });

  it('counts a regional tag as its language, in any case', () => {
    expect(languageOf('bn-BD')).toBe('bn');
    expect(languageOf('BN-bd')).toBe('bn');
    expect(languageOf('bn_BD')).toBe('bn');
    expect(languageOf('en-GB')).toBe('en');
  });

  it('takes the first language the desk speaks, by weight and then in order', () => {
    expect(languageOf('fr-FR, bn;q=0.9, en;q=0.8')).toBe('bn');
    expect(languageOf('en;q=0.5, bn;q=0.9')).toBe('bn');
    expect(languageOf('bn;q=0.7, en;q=0.7')).toBe('bn');
    expect(languageOf('de, en-US;q=0.8, bn;q=0.6')).toBe('en');
    expect(languageOf(' bn-BD ; q=1.0 ,en;q=0.9')).toBe('bn');
  });

  it('never takes a language marked not acceptable (q=0)', () => {
    expect(languageOf('bn;q=0, en;q=0.1')).toBe('en');
    expect(languageOf('bn;q=0')).toBe('en');
  });

  it('reads the wildcard as any language: the default', () => {
    expect(languageOf('*')).toBe('en');
    expect(languageOf('fr, *;q=0.9, bn;q=0.5')).toBe('en');
  });

  it.each([
    'xx',
    'xx-YY, zz',
    '',
    ',,,;;;',
    ';q=1',
    'bn;q=2',
    'bn;q=abc',
    'bn;q=-1',
    'bn;q=0.9999',
    '\u0000bn',
    'বাংলা',
    'bnx',
    'b n',
  ])('is English for %j and never throws', (header) => {
    expect(languageOf(header)).toBe('en');
  });

  it('reads only the start of a huge header, at once', () => {
    const huge = `${'xx;q=0.5,'.repeat(2000)}bn`;
    const started = performance.now();
    expect(languageOf(huge)).toBe('en');
    expect(languageOf(`bn-BD;q=0.9,${'x'.repeat(100_000)}`)).toBe('bn');
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('drops a range cut off by the length limit instead of guessing from its start', () => {
    // The first 256 characters end inside "bnx": the cut "bn" must not count as Bangla.
    const header = `${'x'.repeat(253)},bnx`;
    expect(languageOf(header)).toBe('en');
  });
});
