// Zabbix webhook media type "Switchboard": posts a problem and its recovery to the desk.
// Parameters: url, token, event_id ({EVENT.ID}), event_value ({EVENT.VALUE}), severity
// ({EVENT.SEVERITY}), summary ({EVENT.NAME}), host ({HOST.NAME}), trigger_id ({TRIGGER.ID}),
// site ({HOST.INVENTORY.SITE.ADDRESS.A} or a host tag of yours).
var params = JSON.parse(value);
var request = new HttpRequest();
request.addHeader('Content-Type: application/json');
request.addHeader('Authorization: Bearer ' + params.token);
var alarm = {
  source: 'zabbix',
  key: String(params.event_id),
  status: String(params.event_value) === '1' ? 'firing' : 'resolved',
  severity: params.severity,
  summary: params.summary,
  labels: { host: params.host, trigger_id: String(params.trigger_id), site: params.site || '' },
};
var response = request.post(params.url, JSON.stringify({ alarms: [alarm] }));
if (request.getStatus() !== 200) {
  throw 'Switchboard answered ' + request.getStatus() + ': ' + response;
}
return 'OK';
