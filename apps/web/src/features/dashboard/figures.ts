/** The dashboard's figures as people read them, and the ticket list each one opens. */
import type { Department, RatingFilter, TicketStatus } from '@switchboard/shared';
import type { Translate } from '../../lib/i18n.ts';
import type { dashboardMessages } from './messages.ts';

type DashboardKey = keyof typeof dashboardMessages.english;

/** Minutes as the largest unit that reads well: "45 min", "3.5 h", "2.1 d". */
export function formatMinutes(minutes: number | null, t: Translate<DashboardKey>): string | null {
  if (minutes === null) return null;
  if (minutes < 60) return t('minutes', { value: String(minutes) });
  if (minutes < 48 * 60) return t('hours', { value: round1(minutes / 60) });
  return t('daysShort', { value: round1(minutes / (24 * 60)) });
}

const round1 = (value: number) => String(Math.round(value * 10) / 10);

/** The day `days` calendar days before `day` (both yyyy-MM-DD), by the calendar alone. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The filters of the ticket list (/tickets) that the dashboard's figures use. */
export interface FigureFilters {
  issued_to?: Department;
  status?: TicketStatus;
  overdue?: true;
  sub_group_id?: string;
  start_date?: string | undefined;
  end_date?: string | undefined;
  /** The days the tickets were solved on (the "Solved" figures), both included. */
  resolved_from?: string | undefined;
  resolved_to?: string | undefined;
  /** The rated tickets, or the low ones (the "Satisfaction" figures). */
  rating?: RatingFilter;
}

/** A share (0–1) as a whole percentage; null (no ratings) stays null. */
export const percentOf = (share: number | null): number | null => (share === null ? null : Math.round(share * 100));

/** The days of the dashboard's period, first and last (yyyy-MM-DD). */
export interface Period {
  first: string | undefined;
  last: string | undefined;
}

/** The ticket list behind a figure: page 1 with the figure's filters. */
export const listOf = (filters: FigureFilters) => ({ page: 1, ...filters });
export type FigureSearch = ReturnType<typeof listOf>;
