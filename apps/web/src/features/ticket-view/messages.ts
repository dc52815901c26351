/**
 * The words of the ticket view: the ticket, its details, forwards, comments and comment form, the
 * actions (Forward, Resolve, Resolve & Forward to cc), the assignee, incident and number-history
 * panels and the canned-reply picker (English: the spec's exact texts, spec §2, §4, §8).
 */
import { defineCatalog } from '../../lib/i18n.ts';
import english from '@switchboard/shared/messages/en/web/features/ticket-view.json';

export const ticketViewMessages = defineCatalog('features/ticket-view', english);
