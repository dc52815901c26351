/** The words of the frame around signed-in screens (spec §2 Navigation bar). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/app/layout.json';

export const layoutMessages = defineCatalog('app/layout', english);
