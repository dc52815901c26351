/**
 * The words of the user administration screens and of the sign-in lock panel (the spec's exact
 * texts where it gives them); `brand` is the product name from the server.
 */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/users.json';

export const usersMessages = defineCatalog('features/users', english);
