/** The words of the help articles' staff screen (DESIGN.md §28). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/articles.json';

export const articleMessages = defineCatalog('features/articles', english);
