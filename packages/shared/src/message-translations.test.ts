import { describe, expect, it } from 'vitest';
import { createMessageTranslator } from './message-translations.ts';

describe('translating server messages', () => {
  const translate = createMessageTranslator({
    'Title is required': 'শিরোনাম দিতে হবে',
    'A cause has at most {0} characters': 'কারণ সর্বোচ্চ {0} অক্ষরের হতে পারে',
    'Ticket {0} was moved to {1}': '{1}-এ সরানো হয়েছে: টিকিট {0}',
  });

  it('translates a message, and a template with its values in the Bangla order', () => {
    expect(translate('Title is required')).toBe('শিরোনাম দিতে হবে');
    expect(translate('A cause has at most 2000 characters')).toBe('কারণ সর্বোচ্চ 2000 অক্ষরের হতে পারে');
    expect(translate('Ticket 42 was moved to cc')).toBe('cc-এ সরানো হয়েছে: টিকিট 42');
  });

  it('leaves a message it does not know as it is, special characters included', () => {
    expect(translate('Unknown (a.b) $1 [x]')).toBe('Unknown (a.b) $1 [x]');
    expect(translate('A cause has at most characters')).toBe('A cause has at most characters');
  });
});
