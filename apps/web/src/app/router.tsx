/** The routes of the spec (§2). Screens load lazily so that the sign-in page stays small. */
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { loginSearchSchema } from '../features/auth/login-search.ts';
import { forwardedSearchSchema } from '../features/forwarding/forwarded-search.ts';
import { ticketsSearchSchema } from '../features/tickets/tickets-search.ts';
import { viewTicketSearchSchema } from '../features/ticket-view/view-ticket-search.ts';
import { readToken } from '../lib/session.ts';
import { NotFoundScreen } from './layout/not-found-screen.tsx';

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundScreen });

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: loginSearchSchema,
  component: lazyRouteComponent(() => import('../features/auth/login-screen.tsx'), 'LoginScreen'),
});

const publicTicketRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/create-ticket',
  component: lazyRouteComponent(() => import('../features/public-ticket/public-ticket-screen.tsx'), 'PublicTicketScreen'),
});

/** Everything below needs a stored token; without one the user goes to / (spec §2). */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: () => {
    if (!readToken()) throw redirect({ to: '/', search: { q: undefined } });
  },
  component: lazyRouteComponent(() => import('./layout/signed-in-layout.tsx'), 'SignedInLayout'),
});

const screen = (path: string, load: Parameters<typeof lazyRouteComponent>[0], name: string) =>
  createRoute({ getParentRoute: () => signedInRoute, path, component: lazyRouteComponent(load, name) });

const ticketsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/tickets',
  validateSearch: ticketsSearchSchema,
  component: lazyRouteComponent(() => import('../features/tickets/tickets-screen.tsx'), 'TicketsScreen'),
});

const viewTicketRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/view-ticket',
  validateSearch: viewTicketSearchSchema,
  component: lazyRouteComponent(() => import('../features/ticket-view/view-ticket-screen.tsx'), 'ViewTicketScreen'),
});

const forwardedRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/forwarded-tickets',
  validateSearch: forwardedSearchSchema,
  component: lazyRouteComponent(() => import('../features/forwarding/forwarded-tickets-screen.tsx'), 'ForwardedTicketsScreen'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  publicTicketRoute,
  signedInRoute.addChildren([
    ticketsRoute,
    viewTicketRoute,
    forwardedRoute,
    screen('/add-ticket', () => import('../features/tickets/add-ticket-screen.tsx'), 'AddTicketScreen'),
    screen('/report', () => import('../features/reports/report-screen.tsx'), 'ReportScreen'),
    screen('/user-info', () => import('../features/users/user-info-screen.tsx'), 'UserInfoScreen'),
    screen('/create-user', () => import('../features/users/create-user-screen.tsx'), 'CreateUserScreen'),
    screen('/group-info', () => import('../features/groups/group-info-screen.tsx'), 'GroupInfoScreen'),
    screen('/create-group', () => import('../features/groups/create-group-screen.tsx'), 'CreateGroupScreen'),
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
