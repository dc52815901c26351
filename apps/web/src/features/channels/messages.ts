/** The words of the admins' Channels screen (DESIGN.md §24). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/channels.json';

export const channelsMessages = defineCatalog('features/channels', english);
