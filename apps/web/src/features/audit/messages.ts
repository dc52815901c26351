/**
 * The words of the audit screen; `action.<name>` is the wording of each AUDIT_ACTIONS entry (the
 * screen's `action.${AuditAction}` keys fail to compile when one is missing).
 */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/audit.json';

export const auditMessages = defineCatalog('features/audit', english);
