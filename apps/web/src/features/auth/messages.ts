/** The words of the sign-in screen (spec §2, §8); `brand` is the product name from the server. */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/auth.json';

export const authMessages = defineCatalog('features/auth', english);
