/**
 * The words of the screens the router shows when a page fails or does not exist. Kept apart from
 * the navigation's catalog: these load with the entry, the navigation only once someone signs in.
 */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/app/errors.json';

export const errorsMessages = defineCatalog('app/errors', english);
