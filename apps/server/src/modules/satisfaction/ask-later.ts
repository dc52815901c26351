/**
 * The question a person's resolve leaves behind (DESIGN.md §25), written in the resolve's own
 * transaction: a rollback takes it back, a crash after the commit cannot lose it. The satisfaction
 * worker asks it when it is due. An incident's resolve-all writes none: a fault fixed for a whole
 * area is not one person's service to rate.
 */
import type { SatisfactionConfig } from '../../config-satisfaction.ts';
import type { Db } from '../../db/client.ts';
import type { TicketToTell } from '../notifications/tell-issuer.ts';
import { insertQuestion } from './satisfaction.repository.ts';
import { surveyAddresses, type SurveySettings } from './survey-messages.ts';

export type AskSettings = SurveySettings & { satisfaction: Pick<SatisfactionConfig, 'on' | 'delayMinutes'> };

/**
 * Writes the question of the just resolved `ticket`, once per ticket, when CSAT is on and its
 * issuer can be reached (the worker looks again when it is due: STOP, a reopen or a changed
 * setting may still skip it). Nobody is asked to rate a ticket they resolved themselves.
 */
export async function askAfterResolve(
  tx: Db,
  settings: AskSettings,
  ticket: TicketToTell,
  resolvedBy: string | null,
): Promise<void> {
  if (!settings.satisfaction.on || ticket.issuerUserId === resolvedBy) return;
  const { smsTo, mailTo } = surveyAddresses(settings, ticket);
  if (!smsTo && !mailTo) return;
  await insertQuestion(tx, ticket.ticketId, settings.satisfaction.delayMinutes);
}
