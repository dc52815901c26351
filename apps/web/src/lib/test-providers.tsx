/** Renders a component the way the app does (Mantine, notifications, React Query) for component tests. */
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { i18n } from './i18n.ts';

export function renderWithProviders(ui: ReactElement) {
  // The notifications store is global: toasts of an earlier test must not show up in this one.
  notifications.clean();
  notifications.cleanQueue();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}
