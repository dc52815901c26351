/** The routes of the spec (§2). Screens load lazily so that the sign-in page stays small. */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { validateAlarmsSearch } from '../features/alarms/alarms-search.ts';
import { validateAuditSearch } from '../features/audit/audit-search.ts';
import { validateLoginSearch } from '../features/auth/login-search.ts';
import { validateCannedRepliesSearch } from '../features/canned-replies/canned-replies-search.ts';
import { validateForwardedSearch } from '../features/forwarding/forwarded-search.ts';
import { validateIntegrationsSearch } from '../features/integrations/integrations-search.ts';
import { validateIncidentsSearch } from '../features/incidents/incidents-search.ts';
import { validateNotificationsSearch } from '../features/notifications/notifications-search.ts';
import { validateSubscribersSearch } from '../features/subscribers/subscribers-search.ts';
import { ticketListQuery } from '../features/tickets/api/ticket-list-query.ts';
import {
  arrivalFilters,
  filtersForViewer,
  filtersOf,
  orderForViewer,
  validateTicketsSearch,
} from '../features/tickets/tickets-search.ts';
import { ticketQuery } from '../features/ticket-view/api/ticket-query.ts';
import { validateViewTicketSearch } from '../features/ticket-view/view-ticket-search.ts';
import { validateUserInfoSearch } from '../features/users/user-info-search.ts';
import {
  canManageGroups,
  canManageIncidents,
  canSeeAlarms,
  canManageIntegrations,
  canManageServiceLevels,
  canManageCalendars,
  canManageSubscribers,
  canSeeChannels,
  canManageUsers,
  canReadAudit,
  canSeeDashboard,
  canSeeForwardedTickets,
  canSeeNotificationFailures,
  canUseCannedReplies,
  canUseReports,
  canWriteArticles,
  type Viewer,
} from '@switchboard/shared';
import { currentSession } from '../lib/session.ts';
import { ErrorScreen } from './errors/error-screen.tsx';
import { NotFoundScreen } from './errors/not-found-screen.tsx';
import { queryClient } from './providers.tsx';

/** What the loaders get: the app's query cache (tests give their own). */
export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateLoginSearch,
  // Signed in already: straight to the ticket list (spec §2). A handed-over `?q=` token is checked first.
  beforeLoad: ({ search }) => {
    if (!search.q && currentSession()) throw redirect({ to: '/tickets', search: { page: 1 } });
  },
  component: lazyRouteComponent(() => import('../features/auth/login-screen.tsx'), 'LoginScreen'),
});

const publicTicketRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/create-ticket',
  component: lazyRouteComponent(() => import('../features/public-ticket/public-ticket-screen.tsx'), 'PublicTicketScreen'),
});

/** The satisfaction e-mail's links (DESIGN.md §25): anybody, signed in or not. The screen reads its search itself. */
const rateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/rate',
  component: lazyRouteComponent(() => import('../features/rating/rate-screen.tsx'), 'RateScreen'),
});

// /help and /help/{slug} are pages the server writes whole, without the app (DESIGN.md §28).

/** Everything below needs a stored (readable) token; without one the user goes to / (spec §2). */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: () => {
    if (!currentSession()) throw redirect({ to: '/', search: {} });
  },
  component: lazyRouteComponent(() => import('./layout/signed-in-layout.tsx'), 'SignedInLayout'),
});

type ScreenModule = Parameters<typeof lazyRouteComponent>[0];
/** A rule from @switchboard/shared (canManageUsers, canReadAudit, ...). */
type Rule = (viewer: Viewer) => boolean;

/**
 * A screen for the users `allows` admits; everybody else goes to the ticket list, as when a
 * customer types /user-info. The server refuses them anyway; this spares them a broken page.
 */
const admitting = (allows: Rule | undefined) => () => {
  const session = currentSession();
  if (allows && (!session || !allows(session))) throw redirect({ to: '/tickets', search: { page: 1 }, replace: true });
};

// Generic in the path so that each screen's path stays a literal type (typed links to it).
const screen = <TPath extends string>(path: TPath, load: ScreenModule, name: string, allows?: Rule) =>
  createRoute({
    getParentRoute: () => signedInRoute,
    path,
    beforeLoad: admitting(allows),
    component: lazyRouteComponent(load, name),
  });

/** A screen whose page and filters live in the URL, read by `validateSearch` (typed for its links). */
const searchScreen = <TPath extends string, TSearch>(
  path: TPath,
  validateSearch: (search: Record<string, unknown>) => TSearch,
  load: ScreenModule,
  name: string,
  allows?: Rule,
) =>
  createRoute({
    getParentRoute: () => signedInRoute,
    path,
    validateSearch,
    beforeLoad: admitting(allows),
    component: lazyRouteComponent(load, name),
  });

const ticketsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/tickets',
  validateSearch: validateTicketsSearch,
  loaderDeps: ({ search }) => search,
  // The page the screen shows is asked for while the screen's script loads, not after it (the list
  // is the page's largest paint); on arrival that may be the session's filters (arrivalFilters). A
  // hover's preload asks for nothing.
  loader: ({ context, deps, cause }) => {
    const userType = currentSession()?.user_type;
    if (cause === 'preload' || !userType) return;
    const filters = cause === 'enter' ? arrivalFilters(userType, deps).filters : filtersForViewer(userType, filtersOf(deps));
    void context.queryClient.prefetchQuery(ticketListQuery(deps.page, filters, orderForViewer(userType, deps)));
  },
  component: lazyRouteComponent(() => import('../features/tickets/tickets-screen.tsx'), 'TicketsScreen'),
});

const viewTicketRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/view-ticket',
  validateSearch: validateViewTicketSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  // The ticket is asked for while the screen's script loads, not after (its text is the page's
  // largest paint); a hover's preload asks for nothing.
  loader: ({ context, deps, preload }) => {
    if (!preload && deps.id !== undefined) void context.queryClient.prefetchQuery(ticketQuery(deps.id));
  },
  component: lazyRouteComponent(() => import('../features/ticket-view/view-ticket-screen.tsx'), 'ViewTicketScreen'),
});

export const routeTree = rootRoute.addChildren([
  loginRoute,
  publicTicketRoute,
  rateRoute,
  signedInRoute.addChildren([
    ticketsRoute,
    viewTicketRoute,
    searchScreen(
      '/forwarded-tickets',
      validateForwardedSearch,
      () => import('../features/forwarding/forwarded-tickets-screen.tsx'),
      'ForwardedTicketsScreen',
      canSeeForwardedTickets,
    ),
    screen('/add-ticket', () => import('../features/tickets/add-ticket-screen.tsx'), 'AddTicketScreen'),
    screen('/report', () => import('../features/reports/report-screen.tsx'), 'ReportScreen', canUseReports),
    searchScreen(
      '/user-info',
      validateUserInfoSearch,
      () => import('../features/users/user-info-screen.tsx'),
      'UserInfoScreen',
      canManageUsers,
    ),
    searchScreen(
      '/incidents',
      validateIncidentsSearch,
      () => import('../features/incidents/incidents-screen.tsx'),
      'IncidentsScreen',
      canManageIncidents,
    ),
    searchScreen(
      '/alarms',
      validateAlarmsSearch,
      () => import('../features/alarms/alarms-screen.tsx'),
      'AlarmsScreen',
      canSeeAlarms,
    ),
    searchScreen(
      '/canned-replies',
      validateCannedRepliesSearch,
      () => import('../features/canned-replies/canned-replies-screen.tsx'),
      'CannedRepliesScreen',
      canUseCannedReplies,
    ),
    screen('/incidents/$id', () => import('../features/incidents/incident-screen.tsx'), 'IncidentScreen', canManageIncidents),
    screen('/create-user', () => import('../features/users/create-user-screen.tsx'), 'CreateUserScreen', canManageUsers),
    screen('/group-info', () => import('../features/groups/group-info-screen.tsx'), 'GroupInfoScreen', canManageGroups),
    screen('/create-group', () => import('../features/groups/create-group-screen.tsx'), 'CreateGroupScreen', canManageGroups),
    screen('/dashboard', () => import('../features/dashboard/dashboard-screen.tsx'), 'DashboardScreen', canSeeDashboard),
    screen(
      '/service-levels',
      () => import('../features/service-levels/service-levels-screen.tsx'),
      'ServiceLevelsScreen',
      canManageServiceLevels,
    ),
    screen('/calendars', () => import('../features/calendars/calendars-screen.tsx'), 'CalendarsScreen', canManageCalendars),
    searchScreen(
      '/notifications',
      validateNotificationsSearch,
      () => import('../features/notifications/failed-notifications-screen.tsx'),
      'FailedNotificationsScreen',
      canSeeNotificationFailures,
    ),
    searchScreen(
      '/integrations',
      validateIntegrationsSearch,
      () => import('../features/integrations/integrations-screen.tsx'),
      'IntegrationsScreen',
      canManageIntegrations,
    ),
    searchScreen(
      '/subscribers',
      validateSubscribersSearch,
      () => import('../features/subscribers/subscribers-screen.tsx'),
      'SubscribersScreen',
      canManageSubscribers,
    ),
    screen('/areas', () => import('../features/subscribers/areas-screen.tsx'), 'AreasScreen', canManageSubscribers),
    screen('/channels', () => import('../features/channels/channels-screen.tsx'), 'ChannelsScreen', canSeeChannels),
    searchScreen('/audit', validateAuditSearch, () => import('../features/audit/audit-screen.tsx'), 'AuditScreen', canReadAudit),
    searchScreen(
      '/articles',
      validateCannedRepliesSearch,
      () => import('../features/articles/articles-screen.tsx'),
      'ArticlesScreen',
      canWriteArticles,
    ),
  ]),
]);

export const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
