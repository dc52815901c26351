/** The access matrix's requests of network alarms (DESIGN.md §22), one per row. */
import { call, unique, type RequestOf } from './access-world.ts';

/** A firing alarm no rule routes: its key is new on every request. */
const genericDelivery = () => ({
  alarms: [{ source: 'matrix', key: unique('matrix-alarm'), status: 'firing', summary: 'Matrix link down', labels: {} }],
});

/** Alertmanager's webhook (version 4) with one alert of a new fingerprint. */
const alertmanagerDelivery = () => ({
  version: '4',
  groupKey: '{}:{alertname="MatrixDown"}',
  truncatedAlerts: 0,
  status: 'firing',
  receiver: 'switchboard',
  groupLabels: { alertname: 'MatrixDown' },
  commonLabels: { alertname: 'MatrixDown' },
  commonAnnotations: {},
  externalURL: 'http://alertmanager:9093',
  alerts: [
    {
      status: 'firing',
      labels: { alertname: 'MatrixDown' },
      annotations: { summary: 'Matrix link down' },
      startsAt: '2026-11-27T01:00:00.000Z',
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus:9090/graph',
      fingerprint: unique('matrix-fingerprint'),
    },
  ],
});

export const ALARM_REQUESTS: Record<string, RequestOf> = {
  'POST /api/v1/alarms/alertmanager': async (caller) =>
    call('POST', '/api/v1/alarms/alertmanager', alertmanagerDelivery())(caller),
  'POST /api/v1/alarms/generic': async (caller) => call('POST', '/api/v1/alarms/generic', genericDelivery())(caller),
  'GET /api/v1/alarms': async (caller) => call('GET', '/api/v1/alarms?view=firing&page=1')(caller),
  'GET /api/v1/alarms/deliveries': async (caller) => call('GET', '/api/v1/alarms/deliveries?page=1')(caller),
};
