import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, USER_TYPES, type UserType } from './constants.ts';
import {
  allowedListFilters,
  canLinkToIncident,
  canLookUpUsers,
  canSeeAllTickets,
  canSeeInternalComments,
  canSeeRouting,
  canSeeStaffNames,
  canSeeTicket,
  canWriteInternalComments,
  canListStaff,
  canEditIncident,
  canDismissIncidentSuggestion,
  departmentOf,
  listFiltersFor,
  TICKET_LIST_FILTERS,
  ticketsBarringIncidentResolve,
} from './permissions.ts';
import { staffUserTypeOf } from './integration-permissions.ts';

const STAFF: UserType[] = ['cc', 'rs', 'iptsp', 'oss_bss'];
const OUTSIDERS: UserType[] = ['agent', 'customer'];

describe('who may use which ticket list filters', () => {
  it('gives customers the status and the text search only', () => {
    expect(listFiltersFor({ user_type: 'customer' })).toEqual(['status', 'q']);
  });

  it('gives agents the problematic-number and the text search only', () => {
    expect(listFiltersFor({ user_type: 'agent' })).toEqual(['problematic_number', 'q']);
  });

  it.each(STAFF)('gives %s every filter', (user_type) => {
    expect(listFiltersFor({ user_type })).toEqual(TICKET_LIST_FILTERS);
  });

  it('keeps only the allowed filters of a query', () => {
    const query = { status: 'open', ticket_id: 100001, problematic_number: '017', issued_to: 'rs', q: 'router' } as const;
    expect(allowedListFilters({ user_type: 'customer' }, query)).toEqual({ status: 'open', q: 'router' });
    expect(allowedListFilters({ user_type: 'agent' }, query)).toEqual({ problematic_number: '017', q: 'router' });
    expect(allowedListFilters({ user_type: 'cc' }, query)).toEqual(query);
  });

  it('covers every user type', () => {
    for (const user_type of USER_TYPES) expect(listFiltersFor({ user_type }).length).toBeGreaterThan(0);
  });
});

describe('who may see a ticket and what of it', () => {
  const ticket = { issuer_user_id: 'u1' };

  it.each(OUTSIDERS)('lets a %s see only the tickets they issued', (user_type) => {
    expect(canSeeTicket({ id: 'u1', user_type }, ticket)).toBe(true);
    expect(canSeeTicket({ id: 'u2', user_type }, ticket)).toBe(false);
    expect(canSeeTicket({ id: 'u2', user_type }, { issuer_user_id: null })).toBe(false);
    expect(canSeeAllTickets({ user_type })).toBe(false);
  });

  it.each(STAFF)('lets %s see every ticket, public ones too', (user_type) => {
    expect(canSeeTicket({ id: 'u2', user_type }, ticket)).toBe(true);
    expect(canSeeTicket({ id: 'u2', user_type }, { issuer_user_id: null })).toBe(true);
  });

  it.each(OUTSIDERS)('keeps internal comments, staff names and routing from a %s', (user_type) => {
    expect(canSeeInternalComments({ user_type })).toBe(false);
    expect(canWriteInternalComments({ user_type })).toBe(false);
    expect(canSeeStaffNames({ user_type })).toBe(false);
    expect(canSeeRouting({ user_type })).toBe(false);
  });

  it.each(STAFF)('shows %s internal comments, staff names and routing', (user_type) => {
    expect(canSeeInternalComments({ user_type })).toBe(true);
    expect(canWriteInternalComments({ user_type })).toBe(true);
    expect(canSeeStaffNames({ user_type })).toBe(true);
    expect(canSeeRouting({ user_type })).toBe(true);
  });
});

describe('who may look users up', () => {
  it('lets admins of any type and cc or rs of any role', () => {
    expect(canLookUpUsers({ user_type: 'iptsp', role: 'admin' })).toBe(true);
    expect(canLookUpUsers({ user_type: 'cc', role: 'user' })).toBe(true);
    expect(canLookUpUsers({ user_type: 'rs', role: 'support' })).toBe(true);
  });

  it('refuses everybody else', () => {
    expect(canLookUpUsers({ user_type: 'iptsp', role: 'moderator' })).toBe(false);
    expect(canLookUpUsers({ user_type: 'customer', role: 'user' })).toBe(false);
    expect(canLookUpUsers({ user_type: 'agent', role: 'support' })).toBe(false);
  });
});

describe('what an incident lets somebody do with a ticket', () => {
  const DEPARTMENT_OF: Record<string, string> = { cc: 'cc', rs: 'rs', iptsp: 'iptsp', oss_bss: 'oss-bss' };

  it('links a ticket for its holding department and for cc only, solved or not', () => {
    for (const user_type of STAFF)
      for (const holder of Object.values(DEPARTMENT_OF)) {
        const expected = user_type === 'cc' || DEPARTMENT_OF[user_type] === holder;
        expect(canLinkToIncident({ user_type }, { issued_to: holder }), `${user_type} → ${holder}`).toBe(expected);
      }
    for (const user_type of OUTSIDERS) expect(canLinkToIncident({ user_type }, { issued_to: 'cc' })).toBe(false);
  });

  it('names the unsolved tickets of other departments as what bars a resolve, never a solved one', () => {
    const tickets = [
      { id: 1, issued_to: 'cc', ticket_status: 'open' as const },
      { id: 2, issued_to: 'rs', ticket_status: 'in_progress' as const },
      { id: 3, issued_to: 'oss-bss', ticket_status: 'open' as const },
      { id: 4, issued_to: 'iptsp', ticket_status: 'closed' as const },
    ];
    const barring = (user_type: UserType) => ticketsBarringIncidentResolve({ user_type }, tickets).map((ticket) => ticket.id);
    expect(barring('oss_bss')).toEqual([1, 2]);
    expect(barring('rs')).toEqual([1, 3]);
    expect(barring('cc')).toEqual([]);
    for (const user_type of OUTSIDERS) expect(barring(user_type)).toEqual([1, 2, 3]);
  });
});

describe('who may read the staff of a department (the assignee picker)', () => {
  it.each(STAFF)('lets %s read it', (user_type) => {
    expect(canListStaff({ user_type })).toBe(true);
  });

  it.each(OUTSIDERS)('never a %s', (user_type) => {
    expect(canListStaff({ user_type })).toBe(false);
  });
});

describe('who may edit an incident and dismiss a suggested one', () => {
  it.each(STAFF)('lets %s do both, as they may create and resolve incidents', (user_type) => {
    expect(canEditIncident({ user_type })).toBe(true);
    expect(canDismissIncidentSuggestion({ user_type })).toBe(true);
  });

  it.each(OUTSIDERS)('never a %s', (user_type) => {
    expect(canEditIncident({ user_type })).toBe(false);
    expect(canDismissIncidentSuggestion({ user_type })).toBe(false);
  });
});

describe('the staff user type of a department (an API client acts with it)', () => {
  it.each(DEPARTMENTS)('is the type whose department is %s', (department) => {
    expect(departmentOf(staffUserTypeOf(department))).toBe(department);
  });
});
