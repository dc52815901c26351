/** The words of the canned replies' management screen (DESIGN.md §19). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from './messages.en.json';

export const cannedReplyMessages = defineCatalog('features/canned-replies', english);
