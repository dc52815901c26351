/**
 * The schemas' messages (a key and its values, see `msg` in the shared package) in the interface's
 * language. Their English loads with the forms that check input with a schema, not with the sign-in
 * page; other languages' come with that language's words (i18n.ts). The domains of the staff's
 * settings screens (STAFF_SCREEN_DOMAINS) load with the screen whose form uses them
 * (`addValidationCatalog`), not with every form: the forms everybody uses stay within their budget.
 */
import { parseMessageRef } from '@switchboard/shared';
import { defineCatalog, namespaceOfFile, translate } from './i18n.ts';

const validationEnglish = import.meta.glob<Record<string, unknown>>(
  [
    '../../../../packages/shared/messages/en/validation/*.json',
    // STAFF_SCREEN_DOMAINS, which a glob cannot read from a constant.
    '!../../../../packages/shared/messages/en/validation/{alarms,integrations,broadcasts,channels,audit,service-levels,canned-replies,dashboard,calendars,inbox,merge,tags,presence,articles}.json',
  ],
  { eager: true, import: 'default' },
);

const validationCatalogs = new Map(
  Object.entries(validationEnglish).map(([file, english]) => {
    const namespace = namespaceOfFile(file);
    return [namespace.replace(/^validation\//, ''), defineCatalog(namespace, english)];
  }),
);

/** The validation domains whose English loads with their screen; the glob above leaves them out. */
export const STAFF_SCREEN_DOMAINS = [
  'alarms',
  'integrations',
  'broadcasts',
  'channels',
  'audit',
  'service-levels',
  'canned-replies',
  'dashboard',
  'calendars',
  'inbox',
  'merge',
  'tags',
  'presence',
  'articles',
] as const;

/** A staff screen's validation English (one of STAFF_SCREEN_DOMAINS), from the module of its form. */
export function addValidationCatalog(domain: (typeof STAFF_SCREEN_DOMAINS)[number], english: Record<string, unknown>): void {
  if (!validationCatalogs.has(domain)) validationCatalogs.set(domain, defineCatalog(`validation/${domain}`, english));
}

/**
 * A schema's message (a key and its values, see `msg`) in the interface's language; any other
 * text as it is.
 */
export function translateMessageRef(text: string): string {
  const ref = parseMessageRef(text);
  if (!ref) return text;
  const dot = ref.key.indexOf('.');
  const catalog = validationCatalogs.get(ref.key.slice(0, dot));
  const name = ref.key.slice(dot + 1);
  if (!catalog || !(name in catalog.english)) return text;
  return translate(catalog, name, ref.values);
}
