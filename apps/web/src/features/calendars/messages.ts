/** The words of the working calendars' screen (DESIGN.md §26). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/calendars.json';
import calendarsValidation from '@switchboard/shared/messages/en/validation/calendars.json';
import { addValidationCatalog } from '../../lib/schema-messages.ts';

export const calendarsMessages = defineCatalog('features/calendars', english);

// The calendar and holiday forms' schema messages load with this screen (schema-messages.ts).
addValidationCatalog('calendars', calendarsValidation);
