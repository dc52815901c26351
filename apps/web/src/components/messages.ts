/**
 * The words of the shared components: dialogs, the ticket table, paging, images and their uploads,
 * the incident notice and the issuer's messages (English: the spec's exact texts).
 */
import { defineCatalog } from '../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components.json';

export const componentsMessages = defineCatalog('components', english);
