/** The demo's help articles (DESIGN.md §28): public and published, in both languages. */
import type { Db } from './client.ts';
import { articles } from './schema.ts';

export async function seedDemoArticles(db: Db, authorId: string | null): Promise<void> {
  await db.insert(articles).values([
    {
      slug: 'restart-your-onu',
      titleEn: 'Restart your ONU',
      titleBn: 'আপনার ওএনইউ রিস্টার্ট করুন',
      bodyEn: [
        'Most drops of a fibre line come back after a restart of the ONU (the small box the fibre goes into).',
        '',
        '1. Pull the ONU’s power plug out.',
        '2. Wait **30 seconds**.',
        '3. Put the plug back and wait two minutes until the **PON** light stays green.',
        '',
        'If the **LOS** light blinks red, the fibre itself is cut: raise a ticket and we will send a technician.',
      ].join('\n'),
      bodyBn: [
        'ফাইবার লাইনের বেশিরভাগ বিচ্ছিন্নতা ওএনইউ (যে ছোট বাক্সে ফাইবার ঢোকে) রিস্টার্ট করলেই ঠিক হয়ে যায়।',
        '',
        '1. ওএনইউ-এর পাওয়ার প্লাগ খুলে ফেলুন।',
        '2. **৩০ সেকেন্ড** অপেক্ষা করুন।',
        '3. প্লাগ আবার লাগান এবং **PON** বাতি সবুজ হয়ে স্থির না হওয়া পর্যন্ত দুই মিনিট অপেক্ষা করুন।',
        '',
        '**LOS** বাতি লাল জ্বলতে-নিভতে থাকলে ফাইবারটিই কাটা: একটি টিকিট দিন, আমরা টেকনিশিয়ান পাঠাব।',
      ].join('\n'),
      visibility: 'public',
      published: true,
      updatedBy: authorId,
    },
    {
      slug: 'slow-wi-fi',
      titleEn: 'Slow Wi-Fi',
      titleBn: 'ধীর ওয়াই-ফাই',
      bodyEn: [
        'When the internet is fast on a cable but slow on Wi-Fi, the trouble is usually the room, not the line.',
        '',
        '- Move closer to the router; walls and floors halve the speed.',
        '- Use the **5 GHz** network when you are near the router.',
        '- Restart the router once a week.',
        '',
        'Still slow on a cable too? Raise a ticket with your number.',
      ].join('\n'),
      bodyBn: [
        'কেবলে ইন্টারনেট দ্রুত কিন্তু ওয়াই-ফাইতে ধীর হলে সমস্যা সাধারণত লাইনে নয়, ঘরে।',
        '',
        '- রাউটারের কাছে যান; দেয়াল ও মেঝে গতি অর্ধেক করে দেয়।',
        '- রাউটারের কাছে থাকলে **5 GHz** নেটওয়ার্ক ব্যবহার করুন।',
        '- সপ্তাহে একবার রাউটার রিস্টার্ট করুন।',
        '',
        'কেবলেও ধীর? আপনার নম্বরসহ একটি টিকিট দিন।',
      ].join('\n'),
      visibility: 'public',
      published: true,
      updatedBy: authorId,
    },
  ]);
}
