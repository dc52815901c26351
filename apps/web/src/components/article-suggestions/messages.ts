/** The words of "These may help" under a ticket form's title (DESIGN.md §28). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components/article-suggestions.json';

export const articleSuggestionMessages = defineCatalog('components/article-suggestions', english);
