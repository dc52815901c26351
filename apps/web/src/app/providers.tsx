import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './bangla-font.css';
import { I18nProvider } from '@lingui/react';
import { createTheme, darken, MantineProvider, type CSSVariablesResolver, type MantineProviderProps } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';

const Toasts = lazy(() => import('./toasts.tsx').then((module) => ({ default: module.Toasts })));

// WCAG AA asks 4.5:1 for every text. Mantine's shade 6 gives 3.55:1 for blue links and white on
// blue buttons, its dimmed grey 3.32:1 and its error red 3.28:1: links and filled colours use shade
// 8 (blue 5.0:1, red 4.5:1 with white). Filled warm colours (yellow, orange, teal) stay under 4.5:1
// with white at any usable shade, so their text turns black; 0.185 is the luminance where white
// and black both reach 4.5:1, so every shade-8 colour gets the one that does.
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.185,
  // Bangla characters in the self-hosted Noto Sans Bengali (bangla-font.css covers nothing else).
  fontFamily: '"Noto Sans Bengali", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  defaultRadius: 'md',
});

/** Colours whose shade 9 on their own shade 1 (light badges: Solved, In Progress) stays under 4.5:1. */
const WARM_COLORS = ['orange', 'yellow', 'lime', 'green', 'teal'] as const;

/**
 * Secondary text (dates, numbers, hints, the +88 prefix), placeholders and field errors, readable
 * on white and grey-0 (#5f676f: 5.7:1 and 5.5:1; #687078: 5.0:1 and 4.8:1); the text of light
 * badges and alerts in warm colours darkened by 30% (orange on its tint: 3.6:1 → 6.3:1).
 */
const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f676f',
    '--mantine-color-placeholder': '#687078',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      WARM_COLORS.map((color) => [`--mantine-color-${color}-light-color`, darken(resolved.colors[color][9], 0.3)]),
    ),
  },
  dark: {},
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});

interface ProvidersProps {
  children: ReactNode;
  client?: QueryClient;
  /** 'test' in component tests: no layout there, so Mantine shows dropdowns in place and at once. */
  env?: MantineProviderProps['env'];
}

/** The language, Mantine, notifications and React Query around the app; tests pass a client of their own. */
export function Providers({ children, client = queryClient, env }: ProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
        {/* The sign-in screen places its toasts bottom-left itself. */}
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
