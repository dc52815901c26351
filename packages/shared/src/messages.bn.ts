/**
 * The Bangla of every message the server and the shared schemas write in English (see
 * message-translations.ts for templates). Imported on its own (`@switchboard/shared/messages.bn`),
 * never through the package's index, so that English pages do not carry it.
 */
import type { MessageTable } from './message-translations.ts';

export const BANGLA_MESSAGES: MessageTable = {
  'Sorry, something went wrong. Please try again or refresh': 'দুঃখিত, কোনো সমস্যা হয়েছে। আবার চেষ্টা করুন বা পেজটি রিফ্রেশ করুন',
};
