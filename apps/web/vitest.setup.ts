import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from './src/lib/i18n.ts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

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
