/** The words of the subscriber card beside a number (DESIGN.md §23). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components/subscriber-card.json';

export const subscriberCardMessages = defineCatalog('components/subscriber-card', english);
