/** The words of the subscriber directory's screens (DESIGN.md §23): search, import and areas. */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/subscribers.json';

export const subscribersMessages = defineCatalog('features/subscribers', english);
