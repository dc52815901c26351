/** Which navigation links a user sees (spec §2 Navigation bar, §6), as data so that it can be tested alone. */
import { linkOptions } from '@tanstack/react-router';
import {
  canManageGroups,
  canManageAlarmRules,
  canManageIncidents,
  canManageIntegrations,
  canManageServiceLevels,
  canManageCalendars,
  canManageSubscribers,
  canSeeAlarms,
  canSeeChannels,
  canSeeDashboard,
  canManageUsers,
  canReadAudit,
  canUseCannedReplies,
  canSeeForwardedTickets,
  canSeeNotificationFailures,
  canUseReports,
  canWriteArticles,
  type Viewer,
} from '@switchboard/shared';

const LINKS = {
  createTicket: linkOptions({ to: '/add-ticket' }),
  tickets: linkOptions({ to: '/tickets', search: { page: 1 } }),
  dashboard: linkOptions({ to: '/dashboard' }),
  forwardedTickets: linkOptions({ to: '/forwarded-tickets', search: { page: 1 } }),
  incidents: linkOptions({ to: '/incidents', search: { tab: 'active', page: 1 } }),
  alarms: linkOptions({ to: '/alarms', search: { view: 'firing', page: 1 } }),
  cannedReplies: linkOptions({ to: '/canned-replies', search: { page: 1 } }),
  users: linkOptions({ to: '/user-info' }),
  groups: linkOptions({ to: '/group-info' }),
  report: linkOptions({ to: '/report' }),
  notifications: linkOptions({ to: '/notifications' }),
  serviceLevels: linkOptions({ to: '/service-levels' }),
  calendars: linkOptions({ to: '/calendars' }),
  audit: linkOptions({ to: '/audit' }),
  integrations: linkOptions({ to: '/integrations', search: { page: 1 } }),
  subscribers: linkOptions({ to: '/subscribers', search: { page: 1 } }),
  areas: linkOptions({ to: '/areas' }),
  channels: linkOptions({ to: '/channels' }),
  articles: linkOptions({ to: '/articles', search: { page: 1 } }),
};

export type NavKey = keyof typeof LINKS;

export interface NavItem {
  /** Also the link's words in the layout's catalog. */
  key: NavKey;
  link: (typeof LINKS)[NavKey];
  /** Paths on which the link shows as the current page: its own and the screens reached from it. */
  activeOn: readonly string[];
  /** Administration (users, groups, failed messages, audit, service levels, integrations, an admin's alarms): grouped under one Admin menu. */
  admin: boolean;
}

function item(key: NavKey, activeOn: readonly string[], admin = false): NavItem {
  return { key, link: LINKS[key], activeOn, admin };
}

/**
 * The links of a user, in the order of the spec, the administration last. Tickets is shown to
 * everybody, not only to agents and customers: the list is where staff work too, and a link says
 * so more plainly than the logo.
 */
export function navItemsFor(viewer: Viewer): NavItem[] {
  const items = [item('createTicket', ['/add-ticket']), item('tickets', ['/tickets', '/view-ticket'])];
  if (canSeeDashboard(viewer)) items.push(item('dashboard', ['/dashboard']));
  if (canSeeForwardedTickets(viewer)) items.push(item('forwardedTickets', ['/forwarded-tickets']));
  if (canManageIncidents(viewer)) items.push(item('incidents', ['/incidents']));
  // Admins, who write the alarm rules, find Alarms in the Admin menu beside Integrations (where the
  // monitoring's token is made): their bar is full at 1280 pixels. Other staff find it beside Incidents.
  const alarmsInAdminMenu = canManageAlarmRules(viewer);
  if (canSeeAlarms(viewer) && !alarmsInAdminMenu) items.push(item('alarms', ['/alarms']));
  if (canUseCannedReplies(viewer)) items.push(item('cannedReplies', ['/canned-replies']));
  if (canUseReports(viewer)) items.push(item('report', ['/report']));
  if (canManageUsers(viewer)) items.push(item('users', ['/user-info', '/create-user'], true));
  if (canManageGroups(viewer)) items.push(item('groups', ['/group-info', '/create-group'], true));
  if (canSeeNotificationFailures(viewer)) items.push(item('notifications', ['/notifications'], true));
  if (canReadAudit(viewer)) items.push(item('audit', ['/audit'], true));
  if (canManageServiceLevels(viewer)) items.push(item('serviceLevels', ['/service-levels'], true));
  if (canManageCalendars(viewer)) items.push(item('calendars', ['/calendars'], true));
  if (canManageIntegrations(viewer)) items.push(item('integrations', ['/integrations'], true));
  if (canSeeAlarms(viewer) && alarmsInAdminMenu) items.push(item('alarms', ['/alarms'], true));
  if (canManageSubscribers(viewer)) items.push(item('subscribers', ['/subscribers'], true), item('areas', ['/areas'], true));
  if (canSeeChannels(viewer)) items.push(item('channels', ['/channels'], true));
  // Help articles join an Admin menu the viewer has already: staff without one keep a bar that is
  // full at 1280 pixels, and reach /articles from its address.
  if (canWriteArticles(viewer) && items.some((link) => link.admin)) items.push(item('articles', ['/articles'], true));
  return items;
}

export function isActive(item: NavItem, pathname: string): boolean {
  return item.activeOn.includes(pathname);
}
