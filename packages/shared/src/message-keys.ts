/**
 * The keys of the shared catalogs, read from the English ones (the source language): a key that
 * no catalog holds does not compile. Each file of `messages/en/server/` and `messages/en/validation/`
 * is a domain; a key is the domain, a dot and the message's name. One line a domain here.
 */
import type serverCommon from '../messages/en/server/common.json';
import type serverAuth from '../messages/en/server/auth.json';
import type serverUsers from '../messages/en/server/users.json';
import type serverGroups from '../messages/en/server/groups.json';
import type serverTickets from '../messages/en/server/tickets.json';
import type serverComments from '../messages/en/server/comments.json';
import type serverForwarding from '../messages/en/server/forwarding.json';
import type serverAssignment from '../messages/en/server/assignment.json';
import type serverPriority from '../messages/en/server/priority.json';
import type serverIncidents from '../messages/en/server/incidents.json';
import type serverCannedReplies from '../messages/en/server/canned-replies.json';
import type serverStorage from '../messages/en/server/storage.json';
import type serverPublicTickets from '../messages/en/server/public-tickets.json';
import type serverReports from '../messages/en/server/reports.json';
import type serverNotifications from '../messages/en/server/notifications.json';
import type serverAudit from '../messages/en/server/audit.json';
import type serverServiceLevels from '../messages/en/server/service-levels.json';
import type serverDashboard from '../messages/en/server/dashboard.json';
import type serverEvents from '../messages/en/server/events.json';
import type serverBulk from '../messages/en/server/bulk.json';
import type serverIntegrations from '../messages/en/server/integrations.json';
import type serverWebhooks from '../messages/en/server/webhooks.json';
import type serverAlarms from '../messages/en/server/alarms.json';
import type serverSubscribers from '../messages/en/server/subscribers.json';
import type serverBroadcasts from '../messages/en/server/broadcasts.json';
import type serverOutages from '../messages/en/server/outages.json';
import type serverChannels from '../messages/en/server/channels.json';
import type serverSatisfaction from '../messages/en/server/satisfaction.json';
import type serverCalendars from '../messages/en/server/calendars.json';
import type serverInbox from '../messages/en/server/inbox.json';
import type serverMerge from '../messages/en/server/merge.json';
import type serverLinks from '../messages/en/server/links.json';
import type serverTags from '../messages/en/server/tags.json';
import type serverPresence from '../messages/en/server/presence.json';
import type validationCommon from '../messages/en/validation/common.json';
import type validationAuth from '../messages/en/validation/auth.json';
import type validationUsers from '../messages/en/validation/users.json';
import type validationGroups from '../messages/en/validation/groups.json';
import type validationTickets from '../messages/en/validation/tickets.json';
import type validationComments from '../messages/en/validation/comments.json';
import type validationStorage from '../messages/en/validation/storage.json';
import type validationForwarding from '../messages/en/validation/forwarding.json';
import type validationReports from '../messages/en/validation/reports.json';
import type validationIncidents from '../messages/en/validation/incidents.json';
import type validationNumberHistory from '../messages/en/validation/number-history.json';
import type validationCannedReplies from '../messages/en/validation/canned-replies.json';
import type validationAssignment from '../messages/en/validation/assignment.json';
import type validationPriority from '../messages/en/validation/priority.json';
import type validationServiceLevels from '../messages/en/validation/service-levels.json';
import type validationDashboard from '../messages/en/validation/dashboard.json';
import type validationAudit from '../messages/en/validation/audit.json';
import type validationBulk from '../messages/en/validation/bulk.json';
import type validationIntegrations from '../messages/en/validation/integrations.json';
import type validationAlarms from '../messages/en/validation/alarms.json';
import type validationSubscribers from '../messages/en/validation/subscribers.json';
import type validationChannels from '../messages/en/validation/channels.json';
import type validationSatisfaction from '../messages/en/validation/satisfaction.json';
import type validationCalendars from '../messages/en/validation/calendars.json';
import type validationInbox from '../messages/en/validation/inbox.json';
import type validationMerge from '../messages/en/validation/merge.json';
import type validationTags from '../messages/en/validation/tags.json';
import type validationPresence from '../messages/en/validation/presence.json';
import type validationBroadcasts from '../messages/en/validation/broadcasts.json';
import type serverArticles from '../messages/en/server/articles.json';
import type validationArticles from '../messages/en/validation/articles.json';
import type serverErasure from '../messages/en/server/erasure.json';
import type validationErasure from '../messages/en/validation/erasure.json';
import type issuer from '../messages/en/issuer.json';

type KeysOf<Domain extends string, Catalog> = `${Domain}.${Extract<keyof Catalog, string>}`;

export type ServerMessageKey =
  | KeysOf<'common', typeof serverCommon>
  | KeysOf<'auth', typeof serverAuth>
  | KeysOf<'users', typeof serverUsers>
  | KeysOf<'groups', typeof serverGroups>
  | KeysOf<'tickets', typeof serverTickets>
  | KeysOf<'comments', typeof serverComments>
  | KeysOf<'forwarding', typeof serverForwarding>
  | KeysOf<'assignment', typeof serverAssignment>
  | KeysOf<'priority', typeof serverPriority>
  | KeysOf<'incidents', typeof serverIncidents>
  | KeysOf<'canned-replies', typeof serverCannedReplies>
  | KeysOf<'storage', typeof serverStorage>
  | KeysOf<'public-tickets', typeof serverPublicTickets>
  | KeysOf<'reports', typeof serverReports>
  | KeysOf<'notifications', typeof serverNotifications>
  | KeysOf<'audit', typeof serverAudit>
  | KeysOf<'service-levels', typeof serverServiceLevels>
  | KeysOf<'dashboard', typeof serverDashboard>
  | KeysOf<'events', typeof serverEvents>
  | KeysOf<'bulk', typeof serverBulk>
  | KeysOf<'integrations', typeof serverIntegrations>
  | KeysOf<'webhooks', typeof serverWebhooks>
  | KeysOf<'alarms', typeof serverAlarms>
  | KeysOf<'subscribers', typeof serverSubscribers>
  | KeysOf<'broadcasts', typeof serverBroadcasts>
  | KeysOf<'outages', typeof serverOutages>
  | KeysOf<'channels', typeof serverChannels>
  | KeysOf<'satisfaction', typeof serverSatisfaction>
  | KeysOf<'calendars', typeof serverCalendars>
  | KeysOf<'inbox', typeof serverInbox>
  | KeysOf<'merge', typeof serverMerge>
  | KeysOf<'links', typeof serverLinks>
  | KeysOf<'tags', typeof serverTags>
  | KeysOf<'presence', typeof serverPresence>
  | KeysOf<'articles', typeof serverArticles>
  | KeysOf<'erasure', typeof serverErasure>;

export type ValidationMessageKey =
  | KeysOf<'common', typeof validationCommon>
  | KeysOf<'auth', typeof validationAuth>
  | KeysOf<'users', typeof validationUsers>
  | KeysOf<'groups', typeof validationGroups>
  | KeysOf<'tickets', typeof validationTickets>
  | KeysOf<'comments', typeof validationComments>
  | KeysOf<'storage', typeof validationStorage>
  | KeysOf<'forwarding', typeof validationForwarding>
  | KeysOf<'reports', typeof validationReports>
  | KeysOf<'incidents', typeof validationIncidents>
  | KeysOf<'number-history', typeof validationNumberHistory>
  | KeysOf<'canned-replies', typeof validationCannedReplies>
  | KeysOf<'assignment', typeof validationAssignment>
  | KeysOf<'priority', typeof validationPriority>
  | KeysOf<'service-levels', typeof validationServiceLevels>
  | KeysOf<'dashboard', typeof validationDashboard>
  | KeysOf<'audit', typeof validationAudit>
  | KeysOf<'bulk', typeof validationBulk>
  | KeysOf<'integrations', typeof validationIntegrations>
  | KeysOf<'alarms', typeof validationAlarms>
  | KeysOf<'subscribers', typeof validationSubscribers>
  | KeysOf<'broadcasts', typeof validationBroadcasts>
  | KeysOf<'channels', typeof validationChannels>
  | KeysOf<'satisfaction', typeof validationSatisfaction>
  | KeysOf<'calendars', typeof validationCalendars>
  | KeysOf<'inbox', typeof validationInbox>
  | KeysOf<'merge', typeof validationMerge>
  | KeysOf<'tags', typeof validationTags>
  | KeysOf<'presence', typeof validationPresence>
  | KeysOf<'articles', typeof validationArticles>
  | KeysOf<'erasure', typeof validationErasure>;

export type IssuerMessageKey = KeysOf<'issuer', typeof issuer>;
