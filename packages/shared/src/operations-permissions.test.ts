import { describe, expect, it } from 'vitest';
import { ROLES, USER_TYPES } from './constants.ts';
import { canEraseNumber, canSeeRetention } from './operations-permissions.ts';

describe('operations permissions', () => {
  it('lets admins alone erase a number', () => {
    expect(ROLES.filter((role) => canEraseNumber({ role }))).toEqual(['admin']);
  });

  it('tells staff how long closed tickets are kept, never customers or agents', () => {
    expect(USER_TYPES.filter((user_type) => canSeeRetention({ user_type }))).toEqual(['cc', 'rs', 'iptsp', 'oss_bss']);
  });
});
