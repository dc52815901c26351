import { describe, expect, it } from 'vitest';
import {
  filtersForViewer,
  filtersOf,
  orderForViewer,
  orderSearchOf,
  readStoredFilters,
  storeFilters,
  validateTicketsSearch,
} from './tickets-search.ts';
import { normaliseTag, withNormalisedTag } from './tag-filter.ts';

const everything = {
  issuer_user_type: 'agent',
  group_id: 'a1b2',
  sub_group_id: 'c3d4',
  start_date: '2026-11-01',
  end_date: '2026-11-20',
  status: 'open',
  issued_to: 'rs',
  ticket_id: 100001,
  problematic_number: '01712',
} as const;

describe('the /tickets search', () => {
  it('reads the page and the filters from the URL', () => {
    expect(validateTicketsSearch({ page: '3', ...everything })).toEqual({ page: 3, ...everything });
  });

  it('drops what the URL cannot mean instead of failing the page', () => {
    expect(validateTicketsSearch({ page: 'x', status: 'lost', start_date: '2026-02-30', ticket_id: 'abc' })).toEqual({
      page: 1,
    });
  });

  it('reads a tag for staff only, as the address has it', () => {
    expect(validateTicketsSearch({ page: '1', tag: '  ONU   Swap ' })).toEqual({ page: 1, tag: '  ONU   Swap ' });
    const search = validateTicketsSearch({ page: '1', tag: 'billing' });
    expect(filtersForViewer('cc', filtersOf(search))).toEqual({ tag: 'billing' });
    expect(filtersForViewer('customer', filtersOf(search))).toEqual({});
    expect(filtersForViewer('agent', filtersOf(search))).toEqual({});
  });

  it('normalises a tag as the server stores it, and drops one the server would refuse', () => {
    expect(withNormalisedTag({ tag: '  ONU   Swap ', status: 'open' })).toEqual({ tag: 'onu swap', status: 'open' });
    for (const tag of ['a,b', 'x'.repeat(31), '   ', 'a\u0007b']) expect(withNormalisedTag({ tag })).toEqual({});
    expect(normaliseTag('5G')).toBe('5g');
  });

  it('reads the solved days (the dashboard\'s "Solved" figures) for staff only, dropping a day that is not one', () => {
    const search = validateTicketsSearch({ page: '1', resolved_from: '2026-11-20', resolved_to: '2026-11-31' });
    expect(search).toEqual({ page: 1, resolved_from: '2026-11-20' });
    expect(filtersForViewer('rs', filtersOf(search))).toEqual({ resolved_from: '2026-11-20' });
    expect(filtersForViewer('customer', filtersOf(search))).toEqual({});
    expect(filtersForViewer('agent', filtersOf(search))).toEqual({});
  });

  it('reads a number the router parsed as a number as digits', () => {
    expect(validateTicketsSearch({ page: 1, problematic_number: 1712 }).problematic_number).toBe('1712');
  });

  it('gives customers only the status, agents only the number search, staff everything', () => {
    expect(filtersForViewer('customer', everything)).toEqual({ status: 'open' });
    expect(filtersForViewer('agent', everything)).toEqual({ problematic_number: '01712' });
    expect(filtersForViewer('rs', everything)).toEqual(everything);
  });

  it('keeps the filters in session storage, without the page', () => {
    storeFilters(filtersOf({ page: 4, status: 'closed', group_id: 'g1' }));
    expect(readStoredFilters()).toEqual({ status: 'closed', group_id: 'g1' });
    storeFilters({});
    expect(sessionStorage.length).toBe(0);
  });

  it('reads the order from the URL apart from the filters, and drops an unknown one', () => {
    const search = validateTicketsSearch({ page: 2, status: 'open', priority: 'urgent', sort: 'priority', order: 'asc' });
    expect(search).toEqual({ page: 2, status: 'open', priority: 'urgent', sort: 'priority', order: 'asc' });
    expect(filtersOf(search)).toEqual({ status: 'open', priority: 'urgent' });
    expect(validateTicketsSearch({ sort: 'newest', order: 'up', priority: 'critical' })).toEqual({ page: 1 });
  });

  it('gives staff every order and the others creation only, newest first by default', () => {
    expect(orderForViewer('cc', { sort: 'due', order: 'asc' })).toEqual({ sort: 'due', order: 'asc' });
    expect(orderForViewer('customer', { sort: 'priority', order: 'asc' })).toEqual({ sort: 'created', order: 'asc' });
    expect(orderForViewer('agent', {})).toEqual({ sort: 'created', order: 'desc' });
    expect(filtersForViewer('customer', { status: 'open', priority: 'urgent' })).toEqual({ status: 'open' });
  });

  it('writes nothing into the address for newest first', () => {
    expect(orderSearchOf({ sort: 'created', order: 'desc' })).toEqual({});
    expect(orderSearchOf({ sort: 'created', order: 'asc' })).toEqual({ sort: 'created', order: 'asc' });
  });

  it('ignores damaged storage', () => {
    sessionStorage.setItem('switchboard.tickets.filters', '{not json');
    expect(readStoredFilters()).toEqual({});
  });
});
