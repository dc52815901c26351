import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { canSeeRating } from '@switchboard/shared';
import { useLiveUpdates } from '../../lib/live-events.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useBrandName } from '../../lib/public-config.ts';
import { currentSession, TOKEN_STORAGE_KEY } from '../../lib/session.ts';
import { navNotesFor, useEndpointTrouble } from './integrations-attention.ts';
import { layoutMessages } from './messages.ts';
import { initiallyCompact, NavBar } from './nav-bar.tsx';
import { navItemsFor } from './nav-items.ts';

// The phone menu (its links with their icons) loads when it first opens: a desktop never needs it.
const MobileNav = lazy(() => import('./mobile-nav.tsx').then((module) => ({ default: module.MobileNav })));
// The toasts of low ratings (DESIGN.md §25) load after the screen, for staff only.
const LowRatingToasts = lazy(() => import('./low-rating-toasts.tsx'));
// The notice of webhook trouble loads only for an admin with an endpoint in trouble: nobody else pays for it.
const IntegrationsNotice = lazy(() =>
  import('./integrations-notice.tsx').then((module) => ({ default: module.IntegrationsNotice })),
);

/** The frame of every signed-in screen: the navigation bar above the screen. */
export function SignedInLayout() {
  const brand = useBrandName();
  const session = currentSession();
  const [menuOpened, menu] = useDisclosure(false);
  // Whether the links are behind the burger: measured by the bar (nav-bar.tsx), not a fixed width.
  const [compact, setCompact] = useState(initiallyCompact);
  const closeMenu = menu.close;
  useEffect(() => {
    if (!compact) closeMenu();
  }, [compact, closeMenu]);
  // Once opened, the panel stays mounted so that it slides away when closed.
  const [mobileNavWanted, setMobileNavWanted] = useState(false);
  const toggleMenu = () => {
    setMobileNavWanted(true);
    menu.toggle();
  };
  useReloadWhenSessionChangesElsewhere();
  useLiveUpdates();
  const t = useMessages(layoutMessages);
  const { pathname } = useLocation();
  const trouble = useEndpointTrouble(session);

  if (!session) return <Navigate to="/" search={{}} replace />;
  const items = navItemsFor(session);
  const notes = navNotesFor(trouble, t);

  return (
    <AppShell
      header={{ height: 60 }}
      // Below md the menu covers the screen; above it, when the links still do not fit, it opens beside the screen.
      navbar={{
        width: 280,
        breakpoint: 'md',
        collapsed: { desktop: !(compact && menuOpened), mobile: !(compact && menuOpened) },
      }}
      padding="md"
    >
      <AppShell.Header>
        <NavBar
          brand={brand}
          session={session}
          items={items}
          notes={notes}
          compact={compact}
          onCompactChange={setCompact}
          menuOpened={menuOpened}
          onToggleMenu={toggleMenu}
          onNavigate={menu.close}
        />
      </AppShell.Header>
      {/* Closed, the panel only slides off-screen: inert keeps its links out of the Tab order. */}
      <AppShell.Navbar p="md" inert={!menuOpened} display={compact ? undefined : 'none'}>
        {mobileNavWanted && (
          <Suspense fallback={null}>
            <MobileNav session={session} items={items} notes={notes} onNavigate={menu.close} />
          </Suspense>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        {canSeeRating(session) && (
          <Suspense fallback={null}>
            <LowRatingToasts />
          </Suspense>
        )}
        <Container size="xl" px={0}>
          {trouble && (trouble.disabled.length > 0 || trouble.failing.length > 0) && (
            <Suspense fallback={null}>
              <IntegrationsNotice trouble={trouble} pathname={pathname} />
            </Suspense>
          )}
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** Signing out (or in as somebody else) in another tab ends this tab's view of the old session too. */
function useReloadWhenSessionChangesElsewhere() {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
