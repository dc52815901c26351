/**
 * Where and in which words an issuer is asked "How did we do?" (DESIGN.md §25), from the issuer
 * catalog. Like every message to an issuer it names the brand and the ticket, never what anybody
 * wrote; ticket ids are passed as text, so they keep Latin digits in every language.
 */
import { RATING_LINK_DAYS, RATING_MAX, RATING_MIN, type Language } from '@switchboard/shared';
import type { MailMessage } from '../../lib/mailer.ts';
import { say } from '../../lib/messages.ts';
import { addressesOf, type TellSettings, type TicketToTell } from '../notifications/tell-issuer.ts';

export type SurveySettings = Pick<TellSettings, 'notify' | 'smtpUrl' | 'publicUrl' | 'brandName'>;

/**
 * Where the issuer of `ticket` can be asked: by SMS where NOTIFY_ISSUERS tells them by SMS; by
 * e-mail where it tells them by e-mail, the ticket has no account behind it (the public form, a
 * mail) and the desk has a public address for the links. Null where not.
 */
export function surveyAddresses(settings: SurveySettings, ticket: TicketToTell): { smsTo: string | null; mailTo: string | null } {
  const { smsTo, mailTo } = addressesOf(settings, ticket);
  return { smsTo, mailTo: settings.publicUrl && ticket.issuerUserId === null ? mailTo : null };
}

export function surveySms(brand: string, ticketId: number, language: Language): string {
  return say(language, 'issuer.smsSurvey', { brand, id: String(ticketId) });
}

/** The answer to a first rating by SMS, and to a second one (said once). */
export function ratedSms(brand: string, ticketId: number, language: Language, repeat: boolean): string {
  return say(language, repeat ? 'issuer.smsAlreadyRated' : 'issuer.smsRated', { brand, id: String(ticketId) });
}

/** The page a link opens: `/rate?t=<token>&s=<score>&lang=<language>` under PUBLIC_URL, in the mail's language. */
export function ratingLink(publicUrl: string, token: string, score: number, language: Language): string {
  return `${publicUrl.replace(/\/+$/, '')}/rate?t=${encodeURIComponent(token)}&s=${score}&lang=${language}`;
}

/** The e-mail with one link per score, 1 (bad) to 5 (great), each on a line of its own. */
export function surveyMail(
  settings: { brandName: string; publicUrl: string },
  to: string,
  ticketId: number,
  token: string,
  language: Language,
): MailMessage {
  const values = { brand: settings.brandName, id: String(ticketId) };
  const links: string[] = [];
  for (let score = RATING_MIN; score <= RATING_MAX; score += 1)
    links.push(
      `${say(language, 'issuer.mailSurveyScore', { score: String(score) })}: ${ratingLink(settings.publicUrl, token, score, language)}`,
    );
  const paragraphs = [
    say(language, 'issuer.greeting', values),
    say(language, 'issuer.mailSurveyAsk', values),
    links.join('\n'),
    say(language, 'issuer.mailSurveyLasts', { days: RATING_LINK_DAYS }),
    say(language, 'issuer.mailSurveyWhy', values),
    say(language, 'issuer.signature', values),
  ];
  return { to, subject: say(language, 'issuer.mailSubjectSurvey', values), text: paragraphs.join('\n\n') };
}
