/** The words of the forwarded-tickets screen (English: the spec's exact texts, spec §2). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/forwarding.json';

export const forwardingMessages = defineCatalog('features/forwarding', english);
