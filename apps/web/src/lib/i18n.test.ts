import { afterEach, describe, expect, it } from 'vitest';
import { msg } from '@switchboard/shared';
import { changeLanguage, defineCatalog, namespaceOfFile, translate } from './i18n.ts';
import { formatDisplayDateTime } from './dates.ts';
import { translateMessageRef } from './schema-messages.ts';

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
    expect(namespaceOfFile('../../../../packages/shared/messages/bn/web/features/auth.json')).toBe('features/auth');
    expect(namespaceOfFile('../../../../packages/shared/messages/bn/validation/tickets.json')).toBe('validation/tickets');
  });

  it('renders a schema’s message in the interface language, and other text as it is', async () => {
    const tooLong = msg('common.emailTooLong', { max: 254 });
    expect(translateMessageRef(tooLong)).toBe('An email address has at most 254 characters');
    expect(translateMessageRef('Invalid input')).toBe('Invalid input');
    await changeLanguage('bn');
    expect(translateMessageRef(tooLong)).toBe('ইমেইল ঠিকানা সর্বোচ্চ 254 অক্ষরের হতে পারে');
  });

  it('writes dates and times in Bangla with Latin digits (DESIGN.md §16)', async () => {
    await changeLanguage('bn');
    const shown = formatDisplayDateTime('2026-11-26T11:46:25Z', 'Asia/Dhaka');
    expect(shown).toMatch(/[\u0980-\u09E5]/);
    expect(shown).not.toMatch(/[\u09E6-\u09EF]/);
    expect(shown).toContain('26');
    expect(shown).toContain('05:46:25');
  });
});
