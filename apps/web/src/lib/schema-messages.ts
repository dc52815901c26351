/**
 * The schemas' messages (a key and its values, see `msg` in the shared package) in the interface's
 * language. Their English loads with the forms that check input with a schema, not with the sign-in
 * page; other languages' come with that language's words (i18n.ts).
 */
import { parseMessageRef } from '@switchboard/shared';
import { defineCatalog, namespaceOfFile, translate } from './i18n.ts';

const validationEnglish = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/messages/en/validation/*.json', {
  eager: true,
  import: 'default',
});

const validationCatalogs = new Map(
  Object.entries(validationEnglish).map(([file, english]) => {
    const namespace = namespaceOfFile(file);
    return [namespace.replace(/^validation\//, ''), defineCatalog(namespace, english)];
  }),
);

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
