/** The words of the group administration screens (the spec's exact texts where it gives them). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/groups.json';

export const groupsMessages = defineCatalog('features/groups', english);
