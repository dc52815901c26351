/** The words of the failed messages screen (admins): what could not be sent to issuers. */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/notifications.json';

export const notificationsMessages = defineCatalog('features/notifications', english);
