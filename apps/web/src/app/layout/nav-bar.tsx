import { createPortal } from 'react-dom';
import { Box, Burger, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { canUseInbox } from '@switchboard/shared';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { signOutAndReload } from '../../lib/api-client.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels, type Labels } from '../../lib/labels.ts';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint.ts';
import type { SessionClaims } from '../../lib/session.ts';
import { combineNotes, nameWithNote, type NavNote, type NavNotes } from './integrations-attention.ts';
import { layoutMessages } from './messages.ts';
import { AdminFace, burgerFrameClass, LabelWithBadge, NavBadge } from './nav-badge.tsx';
import { isActive, type NavItem } from './nav-items.ts';
import classes from './nav-bar.module.css';

export interface NavBarProps {
  brand: string;
  session: SessionClaims;
  items: NavItem[];
  /** Links that want an admin's attention (an endpoint turned off): a badge beside them. */
  notes: NavNotes;
  /** The links do not fit beside the logo and the name: the burger and its menu stand for them. */
  compact: boolean;
  /** Told whenever the full bar starts or stops fitting the header's width. */
  onCompactChange: (compact: boolean) => void;
  menuOpened: boolean;
  onToggleMenu: () => void;
  /** Closes the phone menu once the user goes somewhere. */
  onNavigate: () => void;
}

// Only admins and moderators have the menu: its code (Mantine's Menu) loads for them alone.
const AdminMenu = lazy(() => import('./admin-menu.tsx').then((module) => ({ default: module.AdminMenu })));
// Staff's notification bell (DESIGN.md §26) and its list load for staff alone, after the bar.
const InboxBell = lazy(() => import('../inbox/inbox-bell.tsx'));

/** The bell's place, also while its code loads, so that the bar does not move when it arrives. */
function BellSlot({ session }: { session: SessionClaims }) {
  if (!canUseInbox(session)) return null;
  return (
    <Suspense fallback={<span className={classes.bellSlot} />}>
      <InboxBell />
    </Suspense>
  );
}

/** "Customer Care · Admin"; the plain role `user` says nothing and is left out. */
export function describeUser(session: Pick<SessionClaims, 'user_type' | 'role'>, labels: Labels): string {
  const type = labels.userType(session.user_type);
  return session.role === 'user' ? type : `${type} · ${labels.role(session.role)}`;
}

/** A guess before the first measurement, so that a phone does not lay the full bar out first. */
export function initiallyCompact(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 61.99em)').matches;
}

/**
 * The header: logo, the links, who is signed in, Sign out. When they do not all fit the header's width
 * (a phone, or an admin's many links in Bangla at 1180 pixels), a burger menu stands for the links and
 * the name. What fits is measured, not guessed from a breakpoint: an invisible copy of the full bar
 * keeps its natural width (it follows the language, the role's links and the fonts as they load), and
 * the bar is compact whenever the header is narrower than that copy.
 */
export function NavBar({
  brand,
  session,
  items,
  notes,
  compact,
  onCompactChange,
  menuOpened,
  onToggleMenu,
  onNavigate,
}: NavBarProps) {
  const t = useMessages(layoutMessages);
  const { pathname } = useLocation();
  const barRef = useRef<HTMLDivElement>(null);
  const fullRef = useRef<HTMLDivElement>(null);
  // On a narrow screen the bar starts compact, and the copy that measures the full bar waits for the
  // first paint: laying it out cost a slow phone's first screen about 130 ms (CPU ÷4). A wide screen
  // measures before its first paint, so that a crowded bar never shows its overflowing links.
  const [measureLater] = useState(initiallyCompact);
  const painted = useAfterFirstPaint();
  const measuring = !measureLater || painted;
  useCompactWhenCrowded(barRef, fullRef, onCompactChange, measuring);
  const links = items.filter((item) => !item.admin);
  const adminItems = items.filter((item) => item.admin);
  const adminNote = combineNotes(adminItems.map((item) => notes[item.key]));
  const allNotes = combineNotes(items.map((item) => notes[item.key]));

  return (
    <Group ref={barRef} className={classes.bar} justify="space-between" gap="md">
      <Group gap="sm" wrap="nowrap">
        {compact && (
          // A link behind the burger that wants attention shows on the burger too, where a phone sees it.
          <span className={burgerFrameClass}>
            <Burger
              opened={menuOpened}
              onClick={onToggleMenu}
              size="sm"
              aria-label={menuOpened ? t('closeNavigation') : nameWithNote(t('openNavigation'), allNotes, t)}
              aria-expanded={menuOpened}
              aria-controls="mobile-navigation"
            />
            {!menuOpened && <NavBadge note={allNotes} size="xs" onBurger />}
          </span>
        )}
        <Link
          to="/tickets"
          search={{ page: 1 }}
          className={classes.brand}
          aria-label={t('homeLink', { brand })}
          onClick={onNavigate}
        >
          <Image src="/logo.svg" alt="" w={32} h={32} />
          {/* On phones the logo alone leaves room for the Create Ticket button. */}
          <Box component="span" visibleFrom="xs">
            {brand}
          </Box>
        </Link>
      </Group>

      {!compact && (
        <>
          <Box component="nav" aria-label={t('mainNavigation')} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={2} wrap="nowrap" className={classes.links}>
              {links.map((item) => {
                const active = isActive(item, pathname);
                const note = notes[item.key];
                return (
                  <Link
                    key={item.key}
                    {...item.link}
                    className={classes.link}
                    data-active={active || undefined}
                    aria-current={active ? 'page' : undefined}
                    aria-label={note ? nameWithNote(t(item.key), note, t) : undefined}
                  >
                    <LabelWithBadge label={t(item.key)} note={note} />
                  </Link>
                );
              })}
              {adminItems.length > 0 && (
                <Suspense fallback={<AdminLabel note={adminNote} />}>
                  <AdminMenu items={adminItems} notes={notes} pathname={pathname} />
                </Suspense>
              )}
            </Group>
          </Box>
          <Group gap="sm" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              <BellSlot session={session} />
              <Identity session={session} />
            </Group>
            <LanguageSwitch />
            <SignOut />
          </Group>
        </>
      )}

      {compact && (
        <Group gap="xs" wrap="nowrap">
          <BellSlot session={session} />
          <Button
            component={Link}
            to="/add-ticket"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onNavigate}
          >
            {t('createTicket')}
          </Button>
        </Group>
      )}

      {/* The full bar at its natural width, never seen nor reached: the measure of what must fit. Outside
          the header, so that its words are never read as the header's. */}
      {measuring &&
        createPortal(
          <div ref={fullRef} className={classes.measure} aria-hidden inert>
            <span className={classes.brand}>
              <span style={{ width: 32, height: 32 }} />
              <span>{brand}</span>
            </span>
            <Group gap={2} wrap="nowrap">
              {links.map((item) => (
                <span key={item.key} className={classes.link}>
                  <LabelWithBadge label={t(item.key)} note={notes[item.key]} />
                </span>
              ))}
              {adminItems.length > 0 && <AdminLabel note={adminNote} />}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Group gap={4} wrap="nowrap">
                {canUseInbox(session) && <span className={classes.bellSlot} />}
                <Identity session={session} />
              </Group>
              <LanguageSwitch />
              <SignOut />
            </Group>
          </div>,
          document.body,
        )}
    </Group>
  );
}

/** The Admin menu's button face, also what stands in its place while the menu's code loads. */
export function AdminLabel({ note }: { note: NavNote | undefined }) {
  return (
    <span className={classes.link}>
      <AdminFace note={note} />
    </span>
  );
}

function Identity({ session }: { session: SessionClaims }) {
  const t = useMessages(layoutMessages);
  const labels = useLabels();
  return (
    <Stack gap={0} className={classes.identity} aria-label={t('signedInAs')}>
      <Text size="sm" fw={600} truncate="end">
        {session.name}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        {describeUser(session, labels)}
      </Text>
    </Stack>
  );
}

function SignOut() {
  const t = useMessages(layoutMessages);
  return (
    // No icon: the word is clear, and the bar needs the room (the bell, DESIGN.md §26).
    <Button variant="default" size="sm" onClick={signOutAndReload}>
      {t('signOut')}
    </Button>
  );
}

/** Calls `onChange` (a stable function) with whether the bar is narrower than the full bar's natural width, now and on every change of either. */
function useCompactWhenCrowded(
  barRef: React.RefObject<HTMLDivElement | null>,
  fullRef: React.RefObject<HTMLDivElement | null>,
  onChange: (compact: boolean) => void,
  /** Whether the full bar's copy is mounted (measured again once it is). */
  measuring: boolean,
) {
  useLayoutEffect(() => {
    const bar = barRef.current;
    const full = fullRef.current;
    if (!bar || !full) return;
    const measure = () => onChange(bar.clientWidth > 0 && bar.clientWidth < full.scrollWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    observer.observe(full);
    let live = true;
    void document.fonts?.ready.then(() => {
      if (live) measure();
    });
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [barRef, fullRef, onChange, measuring]);
}
