/** The words of the public help pages and the suggestions on the ticket forms (DESIGN.md §28). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/help.json';

export const helpMessages = defineCatalog('features/help', english);
