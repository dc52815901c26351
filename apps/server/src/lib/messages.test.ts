import { describe, expect, it } from 'vitest';
import { LANGUAGES, msg } from '@switchboard/shared';
import { loadCatalogs, say, sayRef } from './messages.ts';

describe('the server’s words', () => {
  it('renders a message with its values in each language', () => {
    expect(say('en', 'common.nestedTooDeep', { depth: 64 })).toBe('The request nests more than 64 levels deep.');
    expect(say('bn', 'common.nestedTooDeep', { depth: 64 })).toBe('অনুরোধটির ভেতরে 64 স্তরের বেশি নেস্টিং আছে।');
  });

  it('keeps a value as it was written, escape-like text included', () => {
    expect(say('en', 'common.noSuchEndpoint', { method: 'GET', path: String.raw`/a\x41\u0042` })).toBe(
      String.raw`No such endpoint: GET /a\x41\u0042`,
    );
  });

  it('renders a schema’s message reference, and leaves other text as it is', () => {
    expect(sayRef('bn', msg('common.emailTooLong', { max: 254 }))).toBe('ইমেইল ঠিকানা সর্বোচ্চ 254 অক্ষরের হতে পারে');
    expect(sayRef('en', msg('common.id'))).toBe('Not a valid id');
    expect(sayRef('bn', 'Invalid input: expected string')).toBe('Invalid input: expected string');
    expect(sayRef('en', 'common.noSuchKey')).toBe('common.noSuchKey');
  });

  it('loads the catalogs of every language', () => {
    for (const language of LANGUAGES) expect(Object.keys(loadCatalogs(language)).length).toBeGreaterThan(10);
  });
});
