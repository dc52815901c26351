/** Replies of the alarms API for the screen's tests. */
import type { Alarm, AlarmDelivery, AlarmRule, Group } from '@switchboard/shared';
import { uuid } from '../../lib/test-support.tsx';

export function alarm(n: number, overrides: Partial<Alarm> = {}): Alarm {
  return {
    id: uuid(300 + n),
    key: `key-${n}`,
    source: 'zabbix',
    status: 'firing',
    severity: 'critical',
    summary: `OLT ${n} down`,
    labels: { site: 'mirpur', device: `olt-${n}` },
    first_seen: '2026-11-26T06:00:00Z',
    last_seen: '2026-11-26T06:05:00Z',
    resolved_at: null,
    incident_id: 40 + n,
    incident_title: `OLT ${n} down`,
    rule_id: uuid(500),
    rule_name: 'Mirpur fibre',
    ...overrides,
  };
}

export function pageOf<T>(data: T[], total = data.length) {
  const totalPages = Math.max(1, Math.ceil(total / 20));
  return { data, total, total_pages: totalPages, previous_page: null, next_page: totalPages > 1 ? 2 : null };
}

export function delivery(n: number, overrides: Partial<AlarmDelivery> = {}): AlarmDelivery {
  return {
    id: n,
    received_at: '2026-11-26T06:05:00Z',
    source: 'generic',
    client_name: 'Zabbix',
    alarms: 3,
    firing: 2,
    resolved: 1,
    ...overrides,
  };
}

export const GROUPS: Group[] = [
  {
    _id: uuid(1),
    group_name: 'Broadband',
    sub_groups: [{ _id: uuid(11), sub_group_bn: 'ফাইবার কাটা', sub_group_en: 'Fibre cut' }],
  },
];

export function rule(n: number, overrides: Partial<AlarmRule> = {}): AlarmRule {
  return {
    id: uuid(500 + n),
    position: n,
    name: `Rule ${n}`,
    matchers: [{ name: 'site', op: '=', value: `site-${n}` }],
    group_id: uuid(1),
    group_name: 'Broadband',
    sub_group_id: uuid(11),
    sub_group_name: 'Fibre cut',
    area_codes: [],
    public_note_template: '',
    restoration_message: '',
    auto_resolve: false,
    updated_at: '2026-11-26T06:00:00Z',
    ...overrides,
  };
}
