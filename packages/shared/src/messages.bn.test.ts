/// <reference types="node" />
/**
 * The guard of messages.bn.ts: every message the server and the shared schemas write in English
 * (found by message-scan.test-support.ts) has its Bangla, with the same placeholders.
 */
import { describe, expect, it } from 'vitest';
import { scanMessages } from './message-scan.test-support.ts';
import { createMessageTranslator } from './message-translations.ts';
import { BANGLA_MESSAGES } from './messages.bn.ts';

/**
 * Messages deliberately without Bangla, with the reason: table keys, or `file: expression` for a
 * message the scan cannot read.
 */
const ALLOWED: Record<string, string> = {};

const PLACEHOLDER = /\{(\d+)\}/g;

function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[0]))].sort();
}

/** A template with each `{n}` filled with a value of its own. */
function filled(text: string): string {
  return text.replace(PLACEHOLDER, (_, index: string) => `${Number(index) + 7}`);
}

describe('the Bangla of the server and schema messages', () => {
  const { found, unseen } = scanMessages();
  const keys = new Set(found.map((message) => message.key));

  it('sees the messages of each kind of place they are written', () => {
    expect(keys.size).toBeGreaterThan(150);
    for (const key of [
      // new AppError(code, literal), a constant, a helper's parameter, a template built from a function.
      'Only admins can manage users',
      'This user does not exist or has been deleted',
      'Choose a subgroup of the chosen group',
      'This ticket is with Retail Sales: only they or Customer Care can act on it.',
      'Please wait {0} seconds before asking for another OTP.',
      // Replies and plugins.
      'Group created',
      'Resolved the incident and {0} tickets',
      'You are doing that too often. Please wait a minute and try again.',
      // Schemas: a call's message, a label given to a helper, `error:`, `message:`, constants.
      'Title has at most {0} characters',
      'The English text is required',
      'Hours to resolve is a whole number of hours from {0} to {1}',
      'Assignee is me, none or a user id',
      'Use an ISO date and time with an offset, e.g. 2026-03-01T00:00:00+06:00',
      'A report covers at most {0} days',
      'Sorry, something went wrong. Please try again or refresh',
    ])
      expect(keys).toContain(key);
  });

  it('has the Bangla of every message', () => {
    const missing = new Map<string, string[]>();
    for (const { key, where } of found) {
      if (key in BANGLA_MESSAGES || key in ALLOWED) continue;
      missing.set(key, [...(missing.get(key) ?? []), where]);
    }
    const report = [...missing].map(([key, places]) => `${JSON.stringify(key)} at ${[...new Set(places)].join(', ')}`);
    expect(report, 'messages without Bangla in messages.bn.ts').toEqual([]);
  });

  it('sees what each message is', () => {
    const report = unseen.filter(({ key }) => !(key in ALLOWED)).map(({ key, where }) => `${key} (${where})`);
    expect(report, 'messages the scan cannot read: write them as literals or constants, or allow them with a reason').toEqual([]);
  });

  it('keeps the placeholders and writes Bangla', () => {
    const wrong = Object.entries(BANGLA_MESSAGES).filter(([english, bangla]) => {
      const expected = placeholdersOf(english);
      const numbered = expected.every((placeholder, index) => placeholder === `{${index}}`);
      const letters = /\p{L}/u.test(english);
      return (
        !numbered ||
        placeholdersOf(bangla).join() !== expected.join() ||
        bangla.trim() === '' ||
        (letters && (bangla === english || !/[\u0980-\u09FF]/.test(bangla)))
      );
    });
    expect(wrong).toEqual([]);
  });

  it('translates each message to its own Bangla, templates filled in', () => {
    const translate = createMessageTranslator(BANGLA_MESSAGES);
    const wrong = Object.entries(BANGLA_MESSAGES).filter(([english, bangla]) => translate(filled(english)) !== filled(bangla));
    expect(wrong, 'a template earlier in the table takes this message: put the more precise one first').toEqual([]);
  });

  it('allows only what the scan still finds', () => {
    const seen = new Set([...keys, ...unseen.map(({ key }) => key)]);
    expect(Object.keys(ALLOWED).filter((key) => !seen.has(key))).toEqual([]);
  });
});
