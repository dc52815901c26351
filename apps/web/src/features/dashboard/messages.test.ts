import { afterEach, expect, it } from 'vitest';
import { changeLanguage, translate } from '../../lib/i18n.ts';
import { dashboardMessages } from './messages.ts';

afterEach(async () => {
  await changeLanguage('en');
});

it('counts in Latin digits in Bangla, where a plural prints its number (DESIGN.md §16)', async () => {
  await changeLanguage('bn');
  expect(translate(dashboardMessages, 'ticketCount', { count: 36 })).toBe('36টি টিকিট');
  expect(translate(dashboardMessages, 'incidentCount', { count: 1234 })).toBe('1,234টি ইনসিডেন্ট');
});
