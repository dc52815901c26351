/** The words of "Merge into…" (DESIGN.md §27): staff's dialog, loaded with its own chunk. */
import { defineCatalog } from '../../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/ticket-view/merge.json';
import mergeValidation from '@switchboard/shared/messages/en/validation/merge.json';
import { addValidationCatalog } from '../../../lib/schema-messages.ts';

export const mergeMessages = defineCatalog('features/ticket-view/merge', english);

// The search's schema messages load with the dialog (schema-messages.ts).
addValidationCatalog('merge', mergeValidation);
