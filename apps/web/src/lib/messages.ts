/** The words of the shared value sets and of messages every screen may show (labels.ts). */
import { defineCatalog } from './i18n.ts';
import english from '@switchboard/shared/messages/en/web/lib.json';

export const labelMessages = defineCatalog('lib', english);
