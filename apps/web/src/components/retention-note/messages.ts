/** The words of the retention note (DESIGN.md §29). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/components/retention-note.json';

export const retentionNoteMessages = defineCatalog('components/retention-note', english);
