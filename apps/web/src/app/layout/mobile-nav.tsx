import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowForwardUp,
  IconBellRinging,
  IconCalendarWeek,
  IconChartBar,
  IconClockHour4,
  IconListDetails,
  IconLogout,
  IconMessageDots,
  IconMessageX,
  IconPlugConnected,
  IconAddressBook,
  IconMapPin,
  IconMessages,
  IconPlus,
  IconReportAnalytics,
  IconTicket,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { Fragment } from 'react';
import { signOutAndReload } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import type { SessionClaims } from '../../lib/session.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { nameWithNote, type NavNotes } from './integrations-attention.ts';
import { layoutMessages } from './messages.ts';
import { NavBadge } from './nav-badge.tsx';
import { describeUser } from './nav-bar.tsx';
import { isActive, type NavItem, type NavKey } from './nav-items.ts';

const ICONS: Record<NavKey, Icon> = {
  createTicket: IconPlus,
  tickets: IconTicket,
  dashboard: IconChartBar,
  forwardedTickets: IconArrowForwardUp,
  incidents: IconAlertTriangle,
  alarms: IconBellRinging,
  cannedReplies: IconMessageDots,
  users: IconUsers,
  groups: IconUsersGroup,
  report: IconReportAnalytics,
  notifications: IconMessageX,
  serviceLevels: IconClockHour4,
  calendars: IconCalendarWeek,
  audit: IconListDetails,
  integrations: IconPlugConnected,
  subscribers: IconAddressBook,
  areas: IconMapPin,
  channels: IconMessages,
  // The help articles share the canned replies' icon: both are ready answers, and the layout is near its budget.
  articles: IconMessageDots,
};

interface MobileNavProps {
  session: SessionClaims;
  items: NavItem[];
  /** Links that want an admin's attention: a badge beside them, as in the desktop bar. */
  notes: NavNotes;
  onNavigate: () => void;
}

/** The burger menu's panel on phones: who is signed in, the links, Sign out. */
export function MobileNav({ session, items, notes, onNavigate }: MobileNavProps) {
  const t = useMessages(layoutMessages);
  const labels = useLabels();
  const { pathname } = useLocation();

  return (
    <Stack gap="xs" h="100%" id="mobile-navigation">
      <div>
        <Text size="xs" c="dimmed">
          {t('signedInAs')}
        </Text>
        <Text fw={600} truncate="end">
          {session.name}
        </Text>
        <Text size="sm" c="dimmed">
          {describeUser(session, labels)}
        </Text>
      </div>
      <Divider />
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={t('mainNavigation')}>
        {items.map((item, index) => {
          const ItemIcon = ICONS[item.key];
          // The administration's links follow a heading, as they sit in the Admin menu on desktops.
          const heading = item.admin && !items[index - 1]?.admin;
          const active = isActive(item, pathname);
          const note = notes[item.key];
          return (
            <Fragment key={item.key}>
              {heading && (
                <Text size="xs" c="dimmed" fw={600} tt="uppercase" mt="sm" mb={4} px="sm">
                  {t('adminMenu')}
                </Text>
              )}
              <NavLink
                renderRoot={(props) => <Link {...props} {...item.link} />}
                label={t(item.key)}
                aria-label={note ? nameWithNote(t(item.key), note, t) : undefined}
                leftSection={<ItemIcon size={18} stroke={1.6} aria-hidden />}
                rightSection={<NavBadge note={note} />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              />
            </Fragment>
          );
        })}
      </ScrollArea>
      <Divider />
      <LanguageSwitch style={{ alignSelf: 'flex-start' }} />
      <NavLink
        component="button"
        label={t('signOut')}
        leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
        onClick={signOutAndReload}
      />
    </Stack>
  );
}
