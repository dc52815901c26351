import { AppShell, Container } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** The frame of every signed-in screen: the navigation bar above the screen. */
export function SignedInLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>{/* navigation bar */}</AppShell.Header>
      <AppShell.Main>
        <Container size="xl" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
