/** The URL search of /audit: the page and the filters, so that reload and back keep them. */
import { AUDIT_ACTIONS, AUDIT_TARGET_MAX_LENGTH, isCalendarDay, type AuditAction } from '@switchboard/shared';
import { pageOfSearch } from '../../lib/pagination.ts';

/** The filters of the audit screen; days are the provider's calendar days (yyyy-MM-DD). */
export interface AuditFilters {
  action?: AuditAction | undefined;
  actor_id?: string | undefined;
  target?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** All optional, so that the Admin menu's plain link to /audit needs no search. */
export interface AuditSearch extends AuditFilters {
  page?: number | undefined;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the page and the filters from the URL; what the server would refuse (an unknown action, a
 * day that is not on the calendar) is left out rather than failing the screen. Plain checks rather
 * than a schema: the route definitions load with the sign-in page.
 */
export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const text = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '');
  const action = AUDIT_ACTIONS.find((known) => known === search.action);
  const actor = text(search.actor_id);
  const target = text(search.target).trim();
  const start = text(search.start_date);
  const end = text(search.end_date);
  const page = pageOfSearch(search.page);
  return {
    ...(page === undefined ? {} : { page }),
    ...(action ? { action } : {}),
    ...(ID.test(actor) ? { actor_id: actor } : {}),
    ...(target && target.length <= AUDIT_TARGET_MAX_LENGTH ? { target } : {}),
    ...(isCalendarDay(start) ? { start_date: start } : {}),
    ...(isCalendarDay(end) ? { end_date: end } : {}),
  };
}
