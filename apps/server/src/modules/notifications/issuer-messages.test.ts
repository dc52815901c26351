/**
 * The words of the issuer's messages in both languages: the same content (brand, ticket id, what
 * happened, the link), Latin digits, and a Bangla SMS that stays short in UCS-2.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@switchboard/shared';
import { receiptMessage } from './receipt-message.ts';
import { issuerMail, issuerSms, type IssuerEvent } from './issuer-messages.ts';

const EVENTS: IssuerEvent[] = ['reply', 'resolved'];
const withLink = { brandName: 'Switchboard', publicUrl: 'https://desk.example.com.bd' };
const withoutLink = { brandName: 'Switchboard', publicUrl: undefined };

/** A UCS-2 SMS: 70 characters in one part, 67 a part once split (the rest is the joining header). */
function ucs2Parts(text: string): number {
  return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
}

describe('the messages to the issuer', () => {
  it.each(EVENTS)('says the same of a %s in both languages: brand, ticket id in Latin digits, the link', (event) => {
    for (const language of LANGUAGES) {
      const sms = issuerSms(withLink, 123456, event, language);
      expect(sms).toMatch(/^Switchboard: /);
      expect(sms).toContain('123456');
      expect(sms).toMatch(/ https:\/\/desk\.example\.com\.bd\/view-ticket\?id=123456$/);
      const mail = issuerMail(withLink, 'a@example.com', 123456, event, language);
      // `[#id]` files an answer by mail on the ticket (DESIGN.md §24).
      expect(mail.subject).toContain('[#123456]');
      expect(mail.text).toContain('Switchboard');
      expect(mail.text).not.toContain('view-ticket');
      expect(`${sms}${mail.subject}${mail.text}`).not.toMatch(/[০-৯]/);
    }
  });

  it('keeps a Bangla SMS to one part without a link and two with one', () => {
    for (const event of [...EVENTS, 'merged' as const]) {
      const more = { into: 1234568 };
      expect(ucs2Parts(issuerSms(withoutLink, 1234567, event, 'bn', more))).toBe(1);
      expect(ucs2Parts(issuerSms(withLink, 1234567, event, 'bn', more))).toBe(2);
    }
  });

  it('writes the Bangla the desk speaks', () => {
    expect(issuerSms(withoutLink, 42, 'reply', 'bn')).toBe('Switchboard: আপনার টিকিট 42-এ নতুন উত্তর এসেছে।');
    expect(issuerSms(withoutLink, 42, 'resolved', 'bn')).toBe('Switchboard: আপনার টিকিট 42-এর সমাধান হয়েছে।');
    expect(issuerSms(withoutLink, 42, 'merged', 'bn', { into: 41 })).toBe('Switchboard: আপনার টিকিট 42 এখন টিকিট 41-এর অংশ।');
  });

  it('keeps the English words exactly', () => {
    expect(issuerSms(withoutLink, 42, 'reply', 'en')).toBe('Switchboard: your ticket #42 has a new reply.');
    expect(issuerMail(withoutLink, 'a@example.com', 42, 'resolved', 'en')).toEqual({
      to: 'a@example.com',
      subject: 'Switchboard support: your ticket was resolved [#42]',
      text: [
        'Hello,',
        '',
        'Your ticket #42 with Switchboard support was resolved.',
        '',
        'If the problem is not solved, please contact us and mention the ticket number.',
        '',
        'You receive this message because this address was entered on our support form.',
        '',
        'Switchboard support',
      ].join('\n'),
    });
    expect(receiptMessage('Switchboard', { to: 'a@example.com', ticketId: 42, language: 'en' })).toEqual({
      to: 'a@example.com',
      subject: 'Switchboard support: we received your ticket [#42]',
      text: [
        'Hello,',
        '',
        'Thank you for contacting Switchboard support. We have received your ticket.',
        '',
        'Ticket number: 42',
        '',
        'Our support team will contact you soon. Please mention the ticket number whenever you contact us about this problem.',
        '',
        'You receive this message because this address was entered on our support form. If that was not you, please ignore it.',
        '',
        'Switchboard support',
      ].join('\n'),
    });
  });

  it('writes the receipt in Bangla with the same parts', () => {
    const receipt = receiptMessage('Switchboard', { to: 'a@example.com', ticketId: 42, language: 'bn' });
    expect(receipt.subject).toBe('Switchboard সাপোর্ট: আপনার টিকিট আমরা পেয়েছি [#42]');
    expect(receipt.text.split('\n\n')).toHaveLength(6);
    expect(receipt.text).toContain('টিকিট নম্বর: 42');
    expect(receipt.text.endsWith('Switchboard সাপোর্ট')).toBe(true);
  });

  it('asks for an answer by mail only when the desk reads its mailbox, in both languages', () => {
    for (const language of LANGUAGES) {
      const reading = issuerMail({ ...withoutLink, repliesByMail: true }, 'a@example.com', 42, 'reply', language);
      const receipt = receiptMessage('Switchboard', { to: 'a@example.com', ticketId: 42, language, repliesByMail: true });
      for (const text of [reading.text, receipt.text]) expect(text).toContain('[#42]');
      expect(issuerMail(withoutLink, 'a@example.com', 42, 'reply', language).text).not.toContain('[#42]');
    }
    expect(
      receiptMessage('Switchboard', { to: 'a@example.com', ticketId: 42, language: 'en', repliesByMail: true }).text,
    ).toContain('To add to your ticket, reply to this e-mail and keep [#42] in the subject.');
  });
});
