/** What the report says about each ticket (sheet "Tickets") and about all of them (sheet "Summary"). */
import {
  DEPARTMENT_LABELS,
  DEPARTMENTS,
  PRIORITY_LABELS,
  STATUS_LABELS,
  TICKET_STATUSES,
  USER_TYPE_LABELS,
  displayNumber,
  type IssuedTo,
} from '@switchboard/shared';
import type { ProviderClock } from './provider-clock.ts';
import type { ReportTicketRow, ReportTotals } from './reports.repository.ts';
import type { ColumnSpec, SummaryLine } from './report-workbook.ts';

/** A ticket row with its forwards and comments counted. */
export interface ReportTicket extends ReportTicketRow {
  forwards: number;
  forwardPath: string[];
  comments: number;
  /** Staff's tags (DESIGN.md §27), in alphabetical order. */
  tags: string[];
}

const HOUR_MS = 60 * 60 * 1000;

/** Labels of the holders a ticket can have: the departments, and agent. */
const HOLDER_LABELS = new Map<string, string>([...Object.entries(DEPARTMENT_LABELS), ['agent', USER_TYPE_LABELS.agent]]);

/** A holder's label; forward paths arrive as text, so anything unknown is shown as stored. */
export function departmentLabel(value: string): string {
  return HOLDER_LABELS.get(value) ?? value;
}

function hoursToResolve(ticket: Pick<ReportTicket, 'createdAt' | 'resolvedAt'>): number | null {
  return ticket.resolvedAt ? (ticket.resolvedAt.getTime() - ticket.createdAt.getTime()) / HOUR_MS : null;
}

/** The columns of sheet "Tickets", in order. Dates are the provider's wall clock. */
export function ticketColumns(clock: ProviderClock): ColumnSpec<ReportTicket>[] {
  return [
    { header: 'Ticket ID', width: 11, kind: 'integer', value: (t) => t.ticketId },
    { header: 'Title', width: 40, kind: 'text', value: (t) => t.title },
    { header: 'Description', width: 60, kind: 'text', value: (t) => t.description },
    { header: 'Problematic Number', width: 18, kind: 'text', value: (t) => displayNumber(t.problematicNumber) },
    { header: 'Group', width: 20, kind: 'text', value: (t) => t.groupName },
    { header: 'Subgroup', width: 20, kind: 'text', value: (t) => t.subGroupName },
    { header: 'Status', width: 12, kind: 'text', value: (t) => STATUS_LABELS[t.ticketStatus] },
    // Staff's own judgement (DESIGN.md §30); reports are staff's.
    { header: 'Priority', width: 10, kind: 'text', value: (t) => PRIORITY_LABELS[t.priority] },
    { header: 'Issued To', width: 16, kind: 'text', value: (t) => departmentLabel(t.issuedTo) },
    { header: 'Assigned To', width: 24, kind: 'text', value: (t) => t.assigneeName },
    // Tickets of the public form have no account: the client's e-mail stands for the issuer.
    { header: 'Issued By', width: 24, kind: 'text', value: (t) => t.issuerName ?? t.clientEmail },
    { header: 'Issuer Number', width: 16, kind: 'text', value: (t) => (t.issuerNumber ? displayNumber(t.issuerNumber) : null) },
    {
      header: 'Issuer Type',
      width: 12,
      kind: 'text',
      value: (t) => USER_TYPE_LABELS[t.issuerUserType],
    },
    { header: 'Created', width: 17, kind: 'datetime', value: (t) => clock.wallClock(t.createdAt) },
    { header: 'Resolved', width: 17, kind: 'datetime', value: (t) => (t.resolvedAt ? clock.wallClock(t.resolvedAt) : null) },
    { header: 'Time to Resolve (hours)', width: 14, kind: 'hours', value: hoursToResolve },
    { header: 'Forwards', width: 10, kind: 'integer', value: (t) => t.forwards },
    {
      header: 'Forward Path',
      width: 40,
      kind: 'text',
      value: (t) => (t.forwards > 0 ? t.forwardPath.map(departmentLabel).join(' → ') : null),
    },
    { header: 'Comments', width: 10, kind: 'integer', value: (t) => t.comments },
    // A merged duplicate is closed and counted like any close; this tells it apart (DESIGN.md §27).
    { header: 'Merged Into', width: 11, kind: 'integer', value: (t) => t.mergedInto },
    // The issuer's score, 1 to 5, after the resolve (DESIGN.md §25); empty when not rated.
    { header: 'Rating', width: 8, kind: 'integer', value: (t) => t.rating },
    // Staff's tags (DESIGN.md §27), as one text; empty when the ticket has none.
    { header: 'Tags', width: 30, kind: 'text', value: (t) => (t.tags.length > 0 ? t.tags.join(', ') : null) },
  ];
}

export interface ReportHeading {
  /** Calendar days as the request wrote them. */
  firstDay: string;
  lastDay: string;
  timezone: string;
  generatedAt: Date;
  groupName: string | null;
  subGroupName: string | null;
  /** "Name (+88…)" of the issuer filter, or the number alone when no account has it. */
  issuer: string | null;
}

/** The lines of sheet "Summary": what the report covers, then its figures. */
export function summaryLines(heading: ReportHeading, totals: ReportTotals, clock: ProviderClock): SummaryLine[] {
  const text = (section: string, item: string, value: string): SummaryLine => ({ section, item, value, kind: 'text' });
  const countOf = (section: string, item: string, value: number): SummaryLine => ({ section, item, value, kind: 'integer' });
  const median = totals.medianResolveSeconds === null ? null : totals.medianResolveSeconds / 3600;
  // Every department is listed, with 0 where none holds a ticket; other holders (agent) follow.
  const departments = [...new Set<IssuedTo>([...DEPARTMENTS, ...totals.byDepartment.keys()])];
  const byGroup = [...totals.byGroup].sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB));
  return [
    text('Report', 'Period', `${heading.firstDay} to ${heading.lastDay}`),
    text('Report', 'Group', heading.groupName ?? 'All groups'),
    text('Report', 'Subgroup', heading.subGroupName ?? 'All subgroups'),
    text('Report', 'Issued by', heading.issuer ?? 'Everybody'),
    { section: 'Report', item: 'Generated', value: clock.wallClock(heading.generatedAt), kind: 'datetime' },
    text('Report', 'Time zone', heading.timezone),
    countOf('Totals', 'Tickets', totals.tickets),
    countOf('Totals', 'Solved tickets', totals.resolved),
    median === null
      ? text('Totals', 'Median time to resolve (hours)', 'No ticket solved')
      : { section: 'Totals', item: 'Median time to resolve (hours)', value: median, kind: 'hours' },
    ...TICKET_STATUSES.map((status) => countOf('By status', STATUS_LABELS[status], totals.byStatus.get(status) ?? 0)),
    ...departments.map((department) =>
      countOf('By department', departmentLabel(department), totals.byDepartment.get(department) ?? 0),
    ),
    ...byGroup.map(([group, count]) => countOf('By group', group, count)),
  ];
}
