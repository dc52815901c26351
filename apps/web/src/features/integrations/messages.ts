/** The words of the integrations screen (DESIGN.md §21): API clients and webhook endpoints. */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/integrations.json';

export const integrationsMessages = defineCatalog('features/integrations', english);
