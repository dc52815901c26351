import type { PresentPerson } from '@switchboard/shared';
import type { Translate } from '../../lib/i18n.ts';
import type { ticketPresenceMessages } from './messages.ts';

type PresenceKey = keyof typeof ticketPresenceMessages.english;

const KEYS = {
  viewing: { one: 'viewingOne', two: 'viewingTwo', many: 'viewingMany' },
  replying: { one: 'replyingOne', two: 'replyingTwo', many: 'replyingMany' },
} as const satisfies Record<PresentPerson['state'], Record<string, PresenceKey>>;

function sayGroup(t: Translate<PresenceKey>, state: PresentPerson['state'], names: string[]): string | null {
  const [first = '', second = ''] = names;
  if (names.length === 0) return null;
  if (names.length === 1) return t(KEYS[state].one, { name: first });
  if (names.length === 2) return t(KEYS[state].two, { first, second });
  return t(KEYS[state].many, { first, second, count: names.length - 2 });
}

/**
 * The presence line: "Karim is replying · Rahim and Anika are viewing"; two names, then "and N
 * others". Empty when nobody else is there. `others` come replying first, then by name (the API's order).
 */
export function presenceText(t: Translate<PresenceKey>, others: PresentPerson[]): string {
  const namesOf = (state: PresentPerson['state']) =>
    others.filter((person) => person.state === state).map((person) => person.name);
  const replying = sayGroup(t, 'replying', namesOf('replying'));
  const viewing = sayGroup(t, 'viewing', namesOf('viewing'));
  if (replying && viewing) return t('together', { replying, viewing });
  return replying ?? viewing ?? '';
}
