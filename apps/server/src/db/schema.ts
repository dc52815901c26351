/**
 * The data model (DESIGN.md §4), the one schema drizzle and drizzle-kit read: the desk's own tables,
 * and what it records of sign-in, uploads, messages to issuers and its audit trail. One generated
 * migration set.
 */
export * from './desk.schema.ts';
export * from './ticket-history.schema.ts';
export * from './ticket-hygiene.schema.ts';
export * from './desk-settings.schema.ts';
export * from './records.schema.ts';
export * from './integrations.schema.ts';
export * from './alarms.schema.ts';
export * from './subscribers.schema.ts';
export * from './channels.schema.ts';
export * from './satisfaction.schema.ts';
export * from './service-levels.schema.ts';
export * from './articles.schema.ts';
export * from './ticket-search.schema.ts';
