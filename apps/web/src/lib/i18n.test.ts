import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, defineCatalog, namespaceOfFile, translate, translateServerMessage } from './i18n.ts';

// Compiled as icu-catalogs.ts compiles a catalog file.
const probe = defineCatalog('probe', { greeting: ['Hello ', ['name'], '!'] });

describe('the interface language', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('keeps a value as it was written, escape-like text included', () => {
    expect(translate(probe, 'greeting', { name: String.raw`\x41 \u0042 C:\temp` })).toBe(String.raw`Hello \x41 \u0042 C:\temp!`);
  });

  it('names a catalog file by its folder', () => {
    expect(namespaceOfFile('/src/features/auth/messages.bn.json')).toBe('features/auth');
  });

  it('translates the server’s English messages in Bangla only', async () => {
    expect(translateServerMessage('Sorry, something went wrong. Please try again or refresh')).toBe(
      'Sorry, something went wrong. Please try again or refresh',
    );
    await changeLanguage('bn');
    expect(translateServerMessage('Sorry, something went wrong. Please try again or refresh')).toBe(
      'দুঃখিত, কোনো সমস্যা হয়েছে। আবার চেষ্টা করুন বা পেজটি রিফ্রেশ করুন',
    );
  });
});
