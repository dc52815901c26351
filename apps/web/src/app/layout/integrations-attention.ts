/**
 * Tells an admin, wherever they are, of a webhook endpoint that fails or that the desk turned off
 * after failing for 3 days (DESIGN.md §21): a badge on the Integrations link and a notice above the
 * screen. Read from the endpoints' list, which every process answers from the database.
 */
import { canManageIntegrations, type Viewer } from '@switchboard/shared';
import { endpointTrouble, useWebhookEndpoints, type EndpointTrouble } from '../../entities/webhook-endpoints.ts';
import type { Translate } from '../../lib/i18n.ts';
import type { layoutMessages } from './messages.ts';
import type { NavKey } from './nav-items.ts';

/** Read again this often, and whenever the window gets the focus back. */
export const TROUBLE_REFRESH_MS = 3 * 60_000;

/** The endpoints an admin should hear of; null for anybody else (who never asks) and until the first reply. */
export function useEndpointTrouble(viewer: Viewer | null): EndpointTrouble | null {
  const admin = viewer !== null && canManageIntegrations(viewer);
  const endpoints = useWebhookEndpoints({ enabled: admin, refetchInterval: TROUBLE_REFRESH_MS });
  return admin && endpoints.data ? endpointTrouble(endpoints.data.data) : null;
}

/** What a link's badge shows: a number, and the words that say it to a screen reader. */
export interface NavNote {
  count: number;
  /** "1 endpoint turned off", "2 endpoints failing": the link's name continues with them. */
  words: string[];
  /** Red once an endpoint is off; orange while they only fail. */
  severe: boolean;
}

export type NavNotes = Partial<Record<NavKey, NavNote>>;

type LayoutTranslate = Translate<keyof (typeof layoutMessages)['english']>;

export function navNotesFor(trouble: EndpointTrouble | null, t: LayoutTranslate): NavNotes {
  if (!trouble) return {};
  const disabled = trouble.disabled.length;
  const failing = trouble.failing.length;
  if (disabled + failing === 0) return {};
  const words = [
    ...(disabled > 0 ? [t('endpointsTurnedOff', { count: disabled })] : []),
    ...(failing > 0 ? [t('endpointsFailing', { count: failing })] : []),
  ];
  return { integrations: { count: disabled + failing, words, severe: disabled > 0 } };
}

/** The notes of several links in one (the Admin menu's button stands for its items). */
export function combineNotes(notes: (NavNote | undefined)[]): NavNote | undefined {
  const present = notes.filter((note): note is NavNote => note !== undefined);
  if (present.length === 0) return undefined;
  return {
    count: present.reduce((sum, note) => sum + note.count, 0),
    words: present.flatMap((note) => note.words),
    severe: present.some((note) => note.severe),
  };
}

/** "Integrations, 1 endpoint turned off": the link's name, then what its badge says. */
export function nameWithNote(label: string, note: NavNote | undefined, t: LayoutTranslate): string {
  return (note?.words ?? []).reduce((name, words) => t('withNote', { label: name, note: words }), label);
}
