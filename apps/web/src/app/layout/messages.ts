/** The words of the frame around signed-in screens (spec §2 Navigation bar). */
import { defineCatalog } from '../../lib/i18n.ts';
import english from './messages.en.json';

export const layoutMessages = defineCatalog('app/layout', english);
