/** The words of the dashboard (DESIGN.md §17). */
export const dashboardMessages = {
  title: 'Dashboard',
  intro: 'What is late, where, and how fast each department answers. Every figure opens the tickets behind it.',
  period: 'Period',
  days: (days: number) => `${days} days`,
  loading: 'Loading the dashboard...',
  failedToFetch: 'Could not load the dashboard.',
  perDay: {
    title: 'Tickets raised and solved per day',
    created: 'Raised',
    resolved: 'Solved',
    /** The line chart's name to assistive technology: the period and its totals. */
    summary: (days: readonly { day: string; created: number; resolved: number }[]) => {
      const total = (count: (day: { created: number; resolved: number }) => number) =>
        days.reduce((sum, day) => sum + count(day), 0);
      const period = days.length ? `, ${days[0]?.day} to ${days.at(-1)?.day}` : '';
      return `Line chart of tickets raised and solved per day${period}: ${total((day) => day.created)} raised, ${total((day) => day.resolved)} solved.`;
    },
  },
  backlog: {
    title: 'Unsolved tickets by department',
    open: 'Open',
    inProgress: 'In progress',
    overdue: 'Overdue',
    /** The bar chart's name to assistive technology: each department's figures. */
    summary: (rows: readonly { label: string; open: number; in_progress: number; overdue: number }[]) =>
      `Bar chart of unsolved tickets by department: ${rows
        .map((row) => `${row.label} ${row.open} open, ${row.in_progress} in progress, ${row.overdue} overdue`)
        .join('; ')}.`,
  },
  times: {
    title: 'Median times',
    firstReply: 'to the first reply',
    resolve: 'to resolve',
    none: 'no tickets',
    note: 'First replies of the tickets raised in the period, resolves of the tickets solved in it.',
  },
  topSubgroups: { title: 'Busiest subgroups this week', none: 'No tickets this week.' },
  incidents: { title: 'Active incidents', unit: (count: number) => (count === 1 ? 'incident' : 'incidents') },
  totals: { created: 'Raised', resolved: 'Solved', overdue: 'Overdue now' },
  tickets: (count: number) => (count === 1 ? 'ticket' : 'tickets'),
} as const;
