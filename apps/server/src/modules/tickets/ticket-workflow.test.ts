/** The workflow's moves as plain functions: the status each one leaves, and who may make it. */
import { describe, expect, it } from 'vitest';
import type { IssuedTo, TicketStatus, UserType } from '@switchboard/shared';
import { checkResolve, statusAfterComment, statusAfterForward } from './ticket-workflow.ts';

const ISSUER = 'issuer-id';
const OTHER = 'other-id';

describe('statusAfterComment', () => {
  // prettier-ignore
  const rows: [string, UserType, string, TicketStatus, { from: TicketStatus; to: TicketStatus } | null][] = [
    // case                                      author type   author  status         move
    ['staff start on an open ticket',            'rs',         OTHER,  'open',        { from: 'open', to: 'in_progress' }],
    ['staff write on a ticket in progress',      'cc',         OTHER,  'in_progress', null],
    ['staff write on a solved ticket',           'iptsp',      OTHER,  'closed',      null],
    ['staff who issued it write on it',          'rs',         ISSUER, 'open',        null],
    ['the issuer reopens a solved ticket',       'customer',   ISSUER, 'closed',      { from: 'closed', to: 'open' }],
    ['staff who issued it reopen it',            'cc',         ISSUER, 'closed',      { from: 'closed', to: 'open' }],
    ['the issuer writes on an open ticket',      'agent',      ISSUER, 'open',        null],
    ['a customer on somebody else\'s ticket',    'customer',   OTHER,  'open',        null],
  ];
  it.each(rows)('%s', (_, userType, author, status, move) => {
    expect(statusAfterComment({ id: author, user_type: userType }, { issuerUserId: ISSUER, ticketStatus: status })).toEqual(move);
  });
});

describe('statusAfterForward', () => {
  it.each([
    ['open', 'in_progress'],
    ['in_progress', 'in_progress'],
    ['closed', 'closed'],
  ] as const)('%s → %s', (from, to) => {
    expect(statusAfterForward({ issuedTo: 'cc', ticketStatus: from })).toBe(to);
  });
});

describe('checkResolve', () => {
  // prettier-ignore
  const rows: [UserType, IssuedTo, TicketStatus, string | null][] = [
    // actor      holder     status         refusal
    ['rs',        'rs',      'in_progress', null],
    ['cc',        'iptsp',   'open',        null],
    ['oss_bss',   'oss-bss', 'open',        null],
    ['iptsp',     'cc',      'open',        'forbidden'],
    ['rs',        'agent',   'open',        'forbidden'],
    ['cc',        'cc',      'closed',      'conflict'],
    ['customer',  'cc',      'open',        'forbidden'],
  ];
  it.each(rows)('%s on a ticket held by %s, %s: %s', (userType, holder, status, refusal) => {
    const attempt = () => checkResolve({ user_type: userType }, { issuedTo: holder, ticketStatus: status });
    if (refusal === null) expect(attempt).not.toThrow();
    else expect(attempt).toThrow(expect.objectContaining({ code: refusal }));
  });
});
