import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { i18n } from './src/lib/i18n.ts';

// findBy… and waitFor give up after 5 s, not 1 s: on a loaded machine (two cores running the server
// suite beside this one) a dialog's first render alone has taken longer than a second. A passing
// query returns as soon as it finds its element, so this costs a healthy run nothing.
configure({ asyncUtilTimeout: 5_000 });

// A warning or error that React or Mantine writes is a defect of a screen or of this setup: the test
// that caused it fails, with the message, instead of burying it in megabytes of output.
const consoleMessages: string[] = [];

beforeEach(() => {
  consoleMessages.length = 0;
  for (const level of ['warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleMessages.push(`console.${level}: ${args.map((arg) => (typeof arg === 'string' ? arg : shortForm(arg))).join(' ')}`);
    });
  }
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  expect(consoleMessages, 'nothing written to console.warn or console.error').toEqual([]);
});

/** A short name for a logged value: a DOM node or an error prints pages of its internals. */
function shortForm(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value instanceof Element) return `<${value.tagName.toLowerCase()} class="${value.className}">`;
  return String(value);
}

// No test reaches the network. A request made after a test's own stub of fetch is gone (a ticket
// view's last word as the view unmounts, after the test's afterEach) fails as offline, quietly,
// instead of dialling localhost.
globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch: no network in tests'));

// Mantine reads these browser APIs that happy-dom lacks.
if (!('matchMedia' in window)) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// Mantine's autosizing Textarea waits for document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { ready: Promise.resolve(), addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// The interface's language: English, the spec's words, as the app starts without a stored choice.
i18n.load('en', {});
i18n.activate('en');
