/** The words of the public rating page (DESIGN.md §25). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/rating.json';

export const ratingMessages = defineCatalog('features/rating', english);
