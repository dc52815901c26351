import { Box, Burger, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconLogout, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { signOutAndReload } from '../../lib/api-client.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels, type Labels } from '../../lib/labels.ts';
import type { SessionClaims } from '../../lib/session.ts';
import { layoutMessages } from './messages.ts';
import { isActive, type NavItem } from './nav-items.ts';
import classes from './nav-bar.module.css';

export interface NavBarProps {
  brand: string;
  session: SessionClaims;
  items: NavItem[];
  menuOpened: boolean;
  onToggleMenu: () => void;
  /** Closes the phone menu once the user goes somewhere. */
  onNavigate: () => void;
}

// Only admins and moderators have the menu: its code (Mantine's Menu) loads for them alone.
const AdminMenu = lazy(() => import('./admin-menu.tsx').then((module) => ({ default: module.AdminMenu })));

/** "Customer Care · Admin"; the plain role `user` says nothing and is left out. */
export function describeUser(session: Pick<SessionClaims, 'user_type' | 'role'>, labels: Labels): string {
  const type = labels.userType(session.user_type);
  return session.role === 'user' ? type : `${type} · ${labels.role(session.role)}`;
}

/** The header: logo, the links (a burger menu on phones), who is signed in, Sign out. */
export function NavBar({ brand, session, items, menuOpened, onToggleMenu, onNavigate }: NavBarProps) {
  const t = useMessages(layoutMessages);
  const labels = useLabels();
  const { pathname } = useLocation();

  return (
    <Group className={classes.bar} justify="space-between" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="md"
          size="sm"
          aria-label={menuOpened ? t('closeNavigation') : t('openNavigation')}
          aria-expanded={menuOpened}
          aria-controls="mobile-navigation"
        />
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

      <Box component="nav" aria-label={t('mainNavigation')} visibleFrom="md" style={{ flex: 1, minWidth: 0 }}>
        <Group gap={2} wrap="nowrap" className={classes.links}>
          {items
            .filter((item) => !item.admin)
            .map((item) => {
              const active = isActive(item, pathname);
              return (
                <Link
                  key={item.key}
                  {...item.link}
                  className={classes.link}
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                >
                  {t(item.key)}
                </Link>
              );
            })}
          {items.some((item) => item.admin) && (
            <Suspense fallback={null}>
              <AdminMenu items={items.filter((item) => item.admin)} pathname={pathname} />
            </Suspense>
          )}
        </Group>
      </Box>

      <Group gap="md" wrap="nowrap" visibleFrom="md">
        <Stack gap={0} className={classes.identity} aria-label={t('signedInAs')}>
          <Text size="sm" fw={600} truncate="end">
            {session.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {describeUser(session, labels)}
          </Text>
        </Stack>
        <LanguageSwitch />
        <Button variant="default" size="sm" leftSection={<IconLogout size={16} aria-hidden />} onClick={signOutAndReload}>
          {t('signOut')}
        </Button>
      </Group>

      <Button
        component={Link}
        to="/add-ticket"
        hiddenFrom="md"
        size="sm"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={onNavigate}
      >
        {t('createTicket')}
      </Button>
    </Group>
  );
}
