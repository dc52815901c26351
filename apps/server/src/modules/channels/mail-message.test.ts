/** Reading one e-mail, without a mailbox: the ticket it names, its own words, its language, its number. */
import { describe, expect, it } from 'vitest';
import { numberNamedIn } from './mail-intake.ts';
import { countMimeParts, readMail, ticketTagOf, type ReadMail } from './mail-message.ts';
import { rawMail } from './mail-peer.test-support.ts';

const SETTINGS = { ownAddresses: ['desk@isp.example'], mailDomain: 'isp.example' };

async function read(raw: string): Promise<ReadMail> {
  const mail = await readMail(Buffer.from(raw), SETTINGS);
  if ('detail' in mail) throw new Error(`set aside: ${mail.detail}`);
  return mail;
}

describe('an inbound e-mail', () => {
  it('names a ticket by [#id] only, never by a bare number', () => {
    expect(ticketTagOf('Re: Acme support: your ticket has a new reply [#100042]')).toBe(100042);
    expect(ticketTagOf('Re: ticket #100042')).toBeNull();
    expect(ticketTagOf('[#99999999999999999999]')).toBeNull();
  });

  it('keeps the writer words and cuts the quoted history and the signature', async () => {
    const text =
      'Still slow in the evening.\n\n-- \nKarim\n+880 1711 000000\n\nOn Fri, Nov 27, 2026, Desk <desk@isp.example> wrote:\n> old';
    expect((await read(rawMail({ from: 'karim@example.com', text }))).text).toBe('Still slow in the evening.');
  });

  it('answers the Message-IDs of In-Reply-To and References, without brackets', async () => {
    const mail = await read(
      rawMail({
        from: 'a@example.com',
        text: 'x',
        headers: ['In-Reply-To: <outbox-1@isp.example>', 'References: <a@b> <outbox-0@isp.example>'],
      }),
    );
    expect(mail.answers).toEqual(['outbox-1@isp.example', 'a@b', 'outbox-0@isp.example']);
  });

  it('takes Bangla words as a Bangla ticket, and an address in any case as lower case', async () => {
    const mail = await read(rawMail({ from: 'Rahim <Rahim@Example.COM>', subject: 'ইন্টারনেট নেই', text: 'সকাল থেকে সংযোগ নেই' }));
    expect(mail).toMatchObject({ sender: 'rahim@example.com', senderName: 'Rahim', language: 'bn', subject: 'ইন্টারনেট নেই' });
  });

  it('finds a Bangladeshi mobile number in the usual spellings', () => {
    expect(numberNamedIn('call 01711234567')).toBe('8801711234567');
    expect(numberNamedIn('call +8801911234567 please')).toBe('8801911234567');
    expect(numberNamedIn('ticket 100042, account 123456789012')).toBe('');
  });

  it('counts the MIME parts a mail declares before parsing it', () => {
    const raw = rawMail({
      from: 'a@example.com',
      text: 'x',
      attachments: [{ name: 'a.png', type: 'image/png', content: Buffer.from('x') }],
    });
    expect(countMimeParts(Buffer.from(raw))).toBe(3);
  });
});
