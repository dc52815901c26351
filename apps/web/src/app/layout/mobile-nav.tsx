import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconArrowForwardUp,
  IconLogout,
  IconPlus,
  IconReportAnalytics,
  IconTicket,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { signOutAndReload } from '../../lib/api-client.ts';
import type { SessionClaims } from '../../lib/session.ts';
import { layoutMessages } from './messages.ts';
import { describeUser } from './nav-bar.tsx';
import { isActive, type NavItem, type NavKey } from './nav-items.ts';

const ICONS: Record<NavKey, Icon> = {
  createTicket: IconPlus,
  tickets: IconTicket,
  forwardedTickets: IconArrowForwardUp,
  users: IconUsers,
  groups: IconUsersGroup,
  report: IconReportAnalytics,
};

/** The burger menu's panel on phones: who is signed in, the links, Sign out. */
export function MobileNav({ session, items, onNavigate }: { session: SessionClaims; items: NavItem[]; onNavigate: () => void }) {
  const { pathname } = useLocation();

  return (
    <Stack gap="xs" h="100%" id="mobile-navigation">
      <div>
        <Text size="xs" c="dimmed">
          {layoutMessages.signedInAs}
        </Text>
        <Text fw={600} truncate="end">
          {session.name}
        </Text>
        <Text size="sm" c="dimmed">
          {describeUser(session)}
        </Text>
      </div>
      <Divider />
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={layoutMessages.mainNavigation}>
        {items.map((item) => {
          const ItemIcon = ICONS[item.key];
          const active = isActive(item, pathname);
          return (
            <NavLink
              key={item.key}
              renderRoot={(props) => <Link {...props} {...item.link} />}
              label={item.label}
              leftSection={<ItemIcon size={18} stroke={1.6} aria-hidden />}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            />
          );
        })}
      </ScrollArea>
      <Divider />
      <NavLink
        component="button"
        label={layoutMessages.signOut}
        leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
        onClick={signOutAndReload}
      />
    </Stack>
  );
}
