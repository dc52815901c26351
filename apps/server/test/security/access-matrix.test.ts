/**
 * Every endpoint × every kind of caller, one expected status per cell, all cells asserted
 * (ASVS V8.2.1, V8.2.2, V8.3.1). The endpoint list comes from the app itself: a new route without
 * a row here fails the first test. Requests are well formed, so a status says who may do it.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../harness.ts';
import { buildWorld, REQUESTS, type World } from './access-requests.ts';
import { CALLERS, type CallerName } from './callers.ts';
import { injectStreamAware, listEndpoints, undocumentedRoutes } from './endpoints.ts';

/**
 * Columns (see callers.ts): anonymous, customer, another customer, agent, the four staff types
 * (cc, rs, iptsp, oss_bss with role user), roles support, moderator and admin (on iptsp and
 * oss_bss accounts, so the role is what counts), a deleted cc admin, an expired token of a cc admin.
 */
// prettier-ignore
const EXPECTED: Record<string, readonly number[]> = {
  //                                                               anon cust othr agnt  cc   rs  ipts  oss  sup  mod  adm  del  exp
  'GET /healthz':                                                 [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /readyz':                                                  [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/docs/json':                                           [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/dev/outbox':                                       [404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
  'GET /api/v1/config':                                           [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/captcha/challenge':                                [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/v1/users/generate-otp':                              [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/v1/users/login':                                     [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/users/validate-token':                             [401, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/users':                                            [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/users/lookup':                                     [401, 403, 403, 403, 200, 200, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/staff':                                            [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/users/signup':                                    [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 201, 401, 401],
  'PUT /api/v1/users/{id}':                                       [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'DELETE /api/v1/users/{id}':                                    [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/users/sign-in-locks/{number}':                     [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'DELETE /api/v1/users/sign-in-locks/{number}':                  [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/groups':                                           [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/groups/subgroups':                                 [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/groups/{id}/subgroups':                            [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/v1/groups':                                          [401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 201, 401, 401],
  'POST /api/v1/groups/{id}/subgroups':                           [401, 403, 403, 403, 403, 403, 403, 403, 403, 201, 201, 401, 401],
  'PUT /api/v1/groups/{id}':                                      [401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 200, 401, 401],
  'DELETE /api/v1/groups/{id}':                                   [401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 200, 401, 401],
  'PUT /api/v1/groups/{groupId}/{subId}':                         [401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 200, 401, 401],
  'DELETE /api/v1/groups/{groupId}/{subId}':                      [401, 403, 403, 403, 403, 403, 403, 403, 403, 200, 200, 401, 401],
  'POST /api/v1/tickets/issue-ticket':                            [401, 201, 201, 201, 201, 201, 201, 201, 201, 201, 201, 401, 401],
  'POST /api/v1/tickets/issue-ticket/public':                     [201, 201, 201, 201, 201, 201, 201, 201, 201, 201, 201, 201, 201],
  'GET /api/v1/tickets/user-type-wise-tickets/{page}':            [401, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/get-ticket-by-id/{id}':                    [401, 200, 404, 404, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  "GET /api/v1/tickets/get-ticket-by-id/{id} #an agent's ticket": [401, 404, 404, 200, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/get-ticket-by-id/{id} #a public ticket':   [401, 404, 404, 404, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/get-ticket-by-id/{id} #no such ticket':    [401, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 401, 401],
  'POST /api/v1/tickets/add-comment':                             [401, 201, 404, 404, 201, 201, 201, 201, 201, 201, 201, 401, 401],
  'GET /api/v1/tickets/{id}/comments':                            [401, 200, 404, 404, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/{id}/comments #a public ticket':           [401, 404, 404, 404, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/{id}/notifications':                       [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/{id}/notifications #no such ticket':       [401, 403, 403, 403, 404, 404, 404, 404, 404, 404, 404, 401, 401],
  'GET /api/v1/notifications/failed':                             [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'POST /api/v1/tickets/forward-ticket':                          [401, 403, 403, 403, 200, 403, 403, 403, 403, 403, 403, 401, 401],
  "POST /api/v1/tickets/forward-ticket #held by the caller's department":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/tickets/resolve-ticket':                          [401, 403, 403, 403, 200, 403, 403, 403, 403, 403, 403, 401, 401],
  "POST /api/v1/tickets/resolve-ticket #held by the caller's department":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/forward-chain-tickets/{page}':             [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/tickets/{id}/assign':                             [401, 403, 403, 403, 200, 403, 403, 403, 403, 403, 403, 401, 401],
  "POST /api/v1/tickets/{id}/assign #held by the caller's department":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/tickets/bulk':                                    [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/tickets/{id}/priority':                           [401, 403, 403, 403, 200, 403, 403, 403, 403, 403, 403, 401, 401],
  "POST /api/v1/tickets/{id}/priority #held by the caller's department":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/tickets/{id}/presence':                           [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/tickets/{id}/presence #no such ticket':           [401, 403, 403, 403, 404, 404, 404, 404, 404, 404, 404, 401, 401],
  'GET /api/v1/tickets/{id}/presence':                            [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/{id}/presence #no such ticket':            [401, 403, 403, 403, 404, 404, 404, 404, 404, 404, 404, 401, 401],
  'POST /api/v1/tickets/{id}/merge':                              [401, 403, 403, 403, 200, 403, 403, 403, 403, 403, 403, 401, 401],
  "POST /api/v1/tickets/{id}/merge #held by the caller's department":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/{id}/merge-candidates':                    [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/tickets/{id}/links':                              [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'DELETE /api/v1/tickets/{id}/links':                            [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'PUT /api/v1/tickets/{id}/tags':                                [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tags':                                             [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/number-history/{number}':                  [401, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/tickets/number-history/{number} #a malformed number':
                                                                  [401, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 401, 401],
  'POST /api/v1/tickets/get-presigned-post':                      [401, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/tickets/get-presigned-post/public':               [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /storage/upload':                                         [204, 204, 204, 204, 204, 204, 204, 204, 204, 204, 204, 204, 204],
  'GET /storage/{*}':                                             [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /storage/{*} #a report without its signed link':           [403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403],
  'POST /api/v1/tickets/report':                                  [401, 403, 403, 403, 200, 200, 403, 403, 403, 403, 403, 401, 401],
  'GET /api/v1/tickets/report/preview':                           [401, 403, 403, 403, 200, 200, 403, 403, 403, 403, 403, 401, 401],
  'GET /api/v1/incidents/suggestions':                            [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/incidents/public-notes':                           [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/incidents':                                        [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  // Incidents never widen §6: a ticket held by rs (iptsp for linking) is for rs (iptsp) and cc only.
  'POST /api/v1/incidents':                                       [401, 403, 403, 403, 201, 201, 403, 403, 403, 403, 403, 401, 401],
  "POST /api/v1/incidents #held by the caller's department":      [401, 403, 403, 403, 201, 201, 201, 201, 201, 201, 201, 401, 401],
  'POST /api/v1/incidents #without tickets':                      [401, 403, 403, 403, 201, 201, 201, 201, 201, 201, 201, 401, 401],
  'GET /api/v1/incidents/{id}':                                   [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/incidents/{id}/tickets':                          [401, 403, 403, 403, 200, 403, 200, 403, 403, 200, 200, 401, 401],
  "POST /api/v1/incidents/{id}/tickets #held by the caller's department":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'DELETE /api/v1/incidents/{id}/tickets/{ticket_id}':            [401, 403, 403, 403, 200, 200, 403, 403, 403, 403, 403, 401, 401],
  "DELETE /api/v1/incidents/{id}/tickets/{ticket_id} #held by the caller's department":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'PATCH /api/v1/incidents/{id}':                                 [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/incidents/suggestions/dismiss':                   [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/incidents/{id}/resolve':                          [401, 403, 403, 403, 200, 200, 403, 403, 403, 403, 403, 401, 401],
  "POST /api/v1/incidents/{id}/resolve #held by the caller's department":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  "POST /api/v1/incidents/{id}/resolve #another department's ticket already solved":
                                                                  [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/audit':                                            [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/canned-replies':                                   [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/canned-replies':                                  [401, 403, 403, 403, 201, 201, 201, 201, 201, 201, 201, 401, 401],
  'PUT /api/v1/canned-replies/{id}':                              [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'PUT /api/v1/canned-replies/{id} #a shared reply':              [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'DELETE /api/v1/canned-replies/{id}':                           [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'DELETE /api/v1/canned-replies/{id} #a shared reply':           [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/service-levels':                                   [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'PUT /api/v1/service-levels/{department}':                      [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/calendars':                                      [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/calendars':                                     [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 201, 401, 401],
  'PUT /api/v1/calendars/{id}':                                 [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'DELETE /api/v1/calendars/{id}':                              [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'POST /api/v1/calendars/{id}/holidays':                       [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'DELETE /api/v1/calendars/{id}/holidays/{date}':              [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'POST /api/v1/calendars/{id}/holidays/import':                [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/dashboard':                                        [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/inbox':                                            [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/inbox/read':                                      [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/api-clients':                                      [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'POST /api/v1/api-clients':                                     [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 201, 401, 401],
  'DELETE /api/v1/api-clients/{id}':                              [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  // A stream: its 200 is read up to the headers (which filter applies is the events tests' work).
  'GET /api/v1/events':                                           [401, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  // Webhooks (DESIGN.md §21): admins only, whatever their department.
  'POST /api/v1/webhook-endpoints':                               [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 201, 401, 401],
  'GET /api/v1/webhook-endpoints':                                [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'PATCH /api/v1/webhook-endpoints/{id}':                         [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'DELETE /api/v1/webhook-endpoints/{id}':                        [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 204, 401, 401],
  'GET /api/v1/webhook-endpoints/{id}/deliveries':                [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'POST /api/v1/webhook-endpoints/{id}/test':                     [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 202, 401, 401],
  'POST /api/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/redeliver':
                                                                  [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 202, 401, 401],
  // Alarm routing rules (DESIGN.md §22): admins only, moderators and staff refused.
  'GET /api/v1/alarm-rules':                                      [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'POST /api/v1/alarm-rules':                                     [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 201, 401, 401],
  'PATCH /api/v1/alarm-rules/{id}':                               [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'DELETE /api/v1/alarm-rules/{id}':                              [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 204, 401, 401],
  'PUT /api/v1/alarm-rules/order':                                [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  // Network alarms (DESIGN.md §22): only API clients post them (access-tokens.test.ts); staff read them.
  'POST /api/v1/alarms/alertmanager':                             [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 401, 401],
  'POST /api/v1/alarms/generic':                                  [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 401, 401],
  'GET /api/v1/alarms':                                           [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/alarms/deliveries':                                [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  // The status by number: anybody with a solved bot check, whatever token rides along; staff without one.
  'GET /api/v1/status/{number}':                                  [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/status/{number} #without a bot check':             [400, 400, 400, 400, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  // The rating page (DESIGN.md §25): the e-mailed link's signed token is the right, whoever else asks.
  'POST /api/v1/public/ratings':                                  [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/v1/public/ratings #a token altered to name another ticket':
                                                                  [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400],
  'POST /api/v1/public/ratings #a ticket rated already':          [409, 409, 409, 409, 409, 409, 409, 409, 409, 409, 409, 409, 409],
  'POST /api/v1/public/ratings/comment':                          [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/v1/reports/outages':                                 [401, 403, 403, 403, 200, 200, 403, 403, 403, 403, 403, 401, 401],
  // The subscriber directory (DESIGN.md §23): staff read areas and cards; admins (and clients, access-tokens.test.ts) write.
  'GET /api/v1/areas':                                          [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/areas':                                         [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 201, 401, 401],
  'PATCH /api/v1/areas/{code}':                                 [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'DELETE /api/v1/areas/{code}':                                [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/subscribers':                                    [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'PUT /api/v1/subscribers/{number}':                           [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'POST /api/v1/subscribers/import':                            [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/subscribers/{number}/card':                      [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  // Incident areas and outage broadcasts (DESIGN.md §23): staff who manage incidents.
  'GET /api/v1/incidents/{id}/broadcasts/preview':                [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'GET /api/v1/incidents/{id}/broadcasts':                        [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'POST /api/v1/incidents/{id}/broadcasts':                       [401, 403, 403, 403, 201, 201, 201, 201, 201, 201, 201, 401, 401],
  'POST /api/v1/incidents/{id}/broadcasts/{broadcast_id}/cancel': [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  // The channels page (DESIGN.md §24): admins only.
  'GET /api/v1/channels':                                         [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  // The SMS gateway's callbacks (DESIGN.md §24): only API clients with channels:inbound (access-tokens.test.ts).
  'POST /api/v1/channels/sms/inbound':                            [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 401, 401],
  'GET /api/v1/channels/sms/inbound':                             [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 401, 401],
  'POST /api/v1/channels/sms/delivery':                           [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 401, 401],
  'GET /api/v1/channels/sms/delivery':                            [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 401, 401],
  // Help articles (DESIGN.md §28): published public ones for anybody (a failed session reads as a
  // visitor); drafts and internal ones for staff only, 404 for everybody else; writes by staff.
  'GET /api/v1/articles':                                         [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/articles/{slug}':                                  [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/v1/articles/{slug} #an internal article':             [404, 404, 404, 404, 200, 200, 200, 200, 200, 200, 200, 404, 404],
  'GET /api/v1/articles/{slug} #a draft':                         [404, 404, 404, 404, 200, 200, 200, 200, 200, 200, 200, 404, 404],
  'POST /api/v1/articles/{id}/helped':                            [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/v1/articles':                                        [401, 403, 403, 403, 201, 201, 201, 201, 201, 201, 201, 401, 401],
  'POST /api/v1/articles/preview':                                [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'PUT /api/v1/articles/{id}':                                    [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  'DELETE /api/v1/articles/{id}':                                 [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
  // Operations (DESIGN.md §29): erasure for admins only; the retention setting for staff.
  'POST /api/v1/numbers/{number}/erase':                          [401, 403, 403, 403, 403, 403, 403, 403, 403, 403, 200, 401, 401],
  'GET /api/v1/retention':                                        [401, 403, 403, 403, 200, 200, 200, 200, 200, 200, 200, 401, 401],
};

const endpointOf = (row: string) => row.split(' #')[0] ?? row;

describeWithApp('the access matrix', (ctx) => {
  const world = {} as World;

  beforeAll(async () => {
    Object.assign(world, await buildWorld(ctx.app, ctx.db, ctx.config));
  });

  it('has a row for every endpoint the app serves and none for one it does not', () => {
    const served = listEndpoints(ctx.app).map((endpoint) => endpoint.key);
    const rows = new Set(Object.keys(EXPECTED).map(endpointOf));
    expect(
      served.filter((key) => !rows.has(key)),
      'endpoints without a row',
    ).toEqual([]);
    const stale = [...rows].filter((key) => !served.includes(key));
    expect(stale, 'rows of endpoints that do not exist').toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((row) => !REQUESTS[row]),
      'rows without a request',
    ).toEqual([]);
    for (const [row, statuses] of Object.entries(EXPECTED)) expect(statuses, row).toHaveLength(CALLERS.length);
  });

  it('finds every route of the router in the document or in the list of hidden routes', () => {
    expect(undocumentedRoutes(ctx.app, listEndpoints(ctx.app))).toEqual([]);
  });

  for (const [row, statuses] of Object.entries(EXPECTED)) {
    it(row, async () => {
      const request = REQUESTS[row];
      if (!request) throw new Error(`no request for ${row}`);
      const expected: Partial<Record<CallerName, number>> = {};
      const actual: Partial<Record<CallerName, number>> = {};
      const malformed: string[] = [];
      const endpoint = listEndpoints(ctx.app).find((candidate) => candidate.key === endpointOf(row));
      for (const [index, name] of CALLERS.entries()) {
        const reply = await injectStreamAware(ctx.app, endpoint, await request(world.callers[name], world));
        expected[name] = statuses[index];
        actual[name] = reply.statusCode;
        // Every refusal is the API's one error shape, whoever asks.
        if (reply.statusCode >= 400) {
          const body = reply.json<{ message?: unknown; code?: unknown }>();
          if (typeof body.message !== 'string' || typeof body.code !== 'string') malformed.push(`${name}: ${reply.body}`);
        }
      }
      expect(actual).toEqual(expected);
      expect(malformed).toEqual([]);
    });
  }
});
