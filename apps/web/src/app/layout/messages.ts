/** The words of the frame around signed-in screens (spec §2 Navigation bar). */
export const layoutMessages = {
  createTicket: 'Create Ticket',
  tickets: 'Tickets',
  forwardedTickets: 'Forwarded Tickets',
  users: 'User',
  groups: 'Group',
  report: 'Report',
  signOut: 'Sign out',
  homeLink: (brand: string) => `${brand}: ticket list`,
  mainNavigation: 'Main navigation',
  openNavigation: 'Open navigation',
  closeNavigation: 'Close navigation',
  signedInAs: 'Signed in as',
} as const;
