import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT } from '@switchboard/shared';
import { ApiError } from '../lib/api-client.ts';

const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Bengali", sans-serif',
  defaultRadius: 'md',
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});

/** Mantine, notifications and React Query around the app; tests pass a client of their own. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <MantineProvider theme={theme}>
      {/* Spec §9: at most 3, 5 s each, top-right; the sign-in screen places its own bottom-left. */}
      <Notifications limit={NOTIFICATION_LIMIT} autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
