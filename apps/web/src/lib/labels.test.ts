import {
  DEPARTMENT_LABELS,
  DEPARTMENTS,
  PRIORITY_LABELS,
  ROLE_LABELS,
  ROLES,
  STATUS_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  USER_TYPE_LABELS,
  USER_TYPES,
} from '@switchboard/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n.ts';
import { currentLabels } from './labels.ts';

describe('the labels of the shared value sets', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('are the spec’s words in English', () => {
    const labels = currentLabels();
    for (const status of TICKET_STATUSES) expect(labels.status(status)).toBe(STATUS_LABELS[status]);
    for (const priority of TICKET_PRIORITIES) expect(labels.priority(priority)).toBe(PRIORITY_LABELS[priority]);
    for (const department of DEPARTMENTS) expect(labels.department(department)).toBe(DEPARTMENT_LABELS[department]);
    for (const userType of USER_TYPES) expect(labels.userType(userType)).toBe(USER_TYPE_LABELS[userType]);
    for (const role of ROLES) expect(labels.role(role)).toBe(ROLE_LABELS[role]);
    expect(labels.fallbackError).toBe('Sorry, something went wrong. Please try again or refresh');
  });

  it('are Bangla in Bangla, and a subgroup shows its Bangla name (its English one when it has none)', async () => {
    await changeLanguage('bn');
    const labels = currentLabels();
    expect(labels.status('closed')).toBe('সমাধান হয়েছে');
    expect(labels.priority('urgent')).toBe('জরুরি');
    expect(labels.subgroup({ sub_group_en: 'Slow speed', sub_group_bn: 'ধীর গতি' })).toBe('ধীর গতি');
    expect(labels.subgroup({ sub_group_en: 'Slow speed', sub_group_bn: ' ' })).toBe('Slow speed');
    await changeLanguage('en');
    expect(currentLabels().subgroup({ sub_group_en: 'Slow speed', sub_group_bn: 'ধীর গতি' })).toBe('Slow speed');
  });
});
