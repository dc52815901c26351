/** The words of the report screen (the spec's exact texts where it gives them). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/reports.json';

export const reportMessages = defineCatalog('features/reports', english);
