import { afterEach, describe, expect, it, vi } from 'vitest';
import { truncate } from './text.ts';

describe('truncate', () => {
  it('keeps the spec: the first 20 letters of a plain title, then "..."', () => {
    expect(truncate('Internet very slow since yesterday morning', 20)).toBe('Internet very slow s...');
    expect(truncate('Exactly twenty chars', 20)).toBe('Exactly twenty chars');
    expect(truncate('Exactly twenty chars!', 20)).toBe('Exactly twenty chars...');
    expect(truncate('', 20)).toBe('');
  });

  it('counts a Bangla letter with its vowel sign as one character', () => {
    // "কি" is two code points (ক + ি) that a reader sees as one letter.
    expect(truncate('কিকিকি', 3)).toBe('কিকিকি');
    expect(truncate('কিকিকিকি', 3)).toBe('কিকিকি...');
  });

  it('never cuts a Bangla conjunct after its virama', () => {
    // "পাচ্ছে": প া চ ্ ছ ে — the cut must not leave "চ্" dangling without its "ছ".
    const cut = truncate('পাচ্ছে না ইন্টারনেট', 2);
    expect(cut.endsWith('\u09CD...')).toBe(false);
    expect(cut).toBe('পাচ্ছে...');
    // A conjunct of three letters (ন্ট্র) stays whole as well.
    expect(truncate('মন্ট্রিয়ল শহর', 2)).toBe('মন্ট্রি...');
  });

  it('keeps an emoji whole, joined sequences and flags included', () => {
    const family = '👨‍👩‍👧‍👦';
    expect(truncate(`${family}${family}${family}`, 2)).toBe(`${family}${family}...`);
    expect(truncate('🇧🇩🇧🇩🇧🇩', 1)).toBe('🇧🇩...');
    expect(truncate('No signal 📶 since noon', 11)).toBe('No signal 📶...');
  });

  it('leaves a title at the limit as it is, however it is written', () => {
    expect(truncate('পাচ্ছে', 2)).toBe('পাচ্ছে');
    expect(truncate('🇧🇩🇧🇩', 2)).toBe('🇧🇩🇧🇩');
  });

  describe('where the segmenter splits conjuncts (Unicode before 15.1, as older engines do)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it('still keeps the letters joined by a virama together', async () => {
      // Before Unicode 15.1 a cluster was a base letter with its marks: "চ্" and "ছে" apart.
      class MarksOnlySegmenter {
        segment(text: string): { segment: string }[] {
          return (text.match(/\P{M}\p{M}*/gu) ?? []).map((segment) => ({ segment }));
        }
      }
      vi.stubGlobal('Intl', { ...Intl, Segmenter: MarksOnlySegmenter });
      vi.resetModules();
      const { truncate: truncateOnOlderEngine } = await import('./text.ts');
      expect(truncateOnOlderEngine('পাচ্ছে না', 2)).toBe('পাচ্ছে...');
      expect(truncateOnOlderEngine('মন্ট্রিয়ল শহর', 2)).toBe('মন্ট্রি...');
      expect(truncateOnOlderEngine('Internet very slow since', 20)).toBe('Internet very slow s...');
    });
  });
});
