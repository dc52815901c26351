import { describe, expect, it } from 'vitest';
import { cannedReplyText, fillCannedReply } from './canned-replies.schemas.ts';
import { automaticCustomerName } from './numbers.ts';

const values = { ticket_id: 100042, customer_name: 'Sadia Karim', number: '8801712345678' };

describe('filling a canned reply', () => {
  it('replaces every placeholder, each as often as it appears, the number in its +88 form', () => {
    expect(fillCannedReply('Dear {customer_name}, #{ticket_id} ({number}); #{ticket_id} again.', values)).toBe(
      'Dear Sadia Karim, #100042 (+8801712345678); #100042 again.',
    );
  });

  it('leaves other braces and text alone, and names a ticket without an issuer "customer"', () => {
    expect(fillCannedReply('{name} {TICKET_ID} {ticket_id', { ...values, customer_name: null })).toBe(
      '{name} {TICKET_ID} {ticket_id',
    );
    expect(fillCannedReply('Dear {customer_name}', { ...values, customer_name: '  ' })).toBe('Dear customer');
    expect(fillCannedReply('{number}', { ...values, number: '+8801712345678' })).toBe('+8801712345678');
  });

  it('greets a customer whose name is still the automatic one of their first sign-in without their number', () => {
    const automatic = automaticCustomerName('8801712345678');
    expect(automatic).toBe('Customer +8801712345678');
    expect(fillCannedReply('Dear {customer_name},', { ...values, customer_name: automatic })).toBe('Dear customer,');
    expect(fillCannedReply('প্রিয় {customer_name},', { ...values, customer_name: automatic }, 'গ্রাহক')).toBe('প্রিয় গ্রাহক,');
    expect(fillCannedReply('প্রিয় {customer_name},', { ...values, customer_name: null }, 'গ্রাহক')).toBe('প্রিয় গ্রাহক,');
    // A name a person gave stays, even one that starts alike.
    expect(fillCannedReply('Dear {customer_name}', { ...values, customer_name: 'Customer Care Desk' })).toBe(
      'Dear Customer Care Desk',
    );
  });

  it('picks the Bangla body for bn when it is written, English otherwise', () => {
    const reply = { body_en: 'Hello', body_bn: 'নমস্কার' };
    expect(cannedReplyText(reply, 'bn')).toBe('নমস্কার');
    expect(cannedReplyText(reply, 'en')).toBe('Hello');
    expect(cannedReplyText({ ...reply, body_bn: ' ' }, 'bn')).toBe('Hello');
  });
});
