/**
 * The Bangla of every message the server and the shared schemas write in English (see
 * message-translations.ts for templates). Imported on its own (`@switchboard/shared/messages.bn`),
 * never through the package's index, so that English pages do not carry it.
 *
 * messages.bn.test.ts finds the messages in the sources and fails on any without Bangla. A message
 * that names a department is listed once for each department, so that the name is Bangla too. Where
 * two templates may match one message, the more precise one comes first.
 */
import type { MessageTable } from './message-translations.ts';

export const BANGLA_MESSAGES: MessageTable = {
  // Every failure without a message of its own; the error handler, plugins and the app.
  'Sorry, something went wrong. Please try again or refresh': 'দুঃখিত, কোনো সমস্যা হয়েছে। আবার চেষ্টা করুন বা পেজটি রিফ্রেশ করুন',
  'The request is not valid': 'অনুরোধটি সঠিক নয়',
  'is not valid': 'সঠিক নয়',
  'Too many requests. Please wait a while and try again.': 'অনেক বেশি অনুরোধ এসেছে। কিছুক্ষণ অপেক্ষা করে আবার চেষ্টা করুন।',
  'The request is too large.': 'অনুরোধটি অনেক বড়।',
  'The service is briefly unavailable. Please try again in a moment.': 'সার্ভিসটি কিছুক্ষণের জন্য বন্ধ আছে। একটু পরে আবার চেষ্টা করুন।',
  'The database does not answer.': 'ডেটাবেস সাড়া দিচ্ছে না।',
  'The text contains a character that cannot be stored (U+0000).': 'লেখায় এমন একটি অক্ষর আছে যা সংরক্ষণ করা যায় না (U+0000)।',
  'The request nests more than {0} levels deep.': 'অনুরোধটির ভেতরে {0} স্তরের বেশি নেস্টিং আছে।',
  'No such endpoint: GET {0}': 'এমন কোনো এন্ডপয়েন্ট নেই: GET {0}',
  'No such endpoint: {0} {1}': 'এমন কোনো এন্ডপয়েন্ট নেই: {0} {1}',
  'You are doing that too often. Please wait a minute and try again.':
    'আপনি কাজটি খুব ঘন ঘন করছেন। এক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',

  // Sessions and sign-in.
  'Your session has ended. Please sign in again.': 'আপনার সেশন শেষ হয়েছে। আবার সাইন ইন করুন।',
  'Your session ended because your account was changed. Please sign in again.':
    'আপনার অ্যাকাউন্টে পরিবর্তন হওয়ায় সেশন শেষ হয়েছে। আবার সাইন ইন করুন।',
  'Your session has expired. Please sign in again.': 'আপনার সেশনের মেয়াদ শেষ হয়েছে। আবার সাইন ইন করুন।',
  'An OTP has been sent to your {0} number': 'আপনার {0} নম্বরে একটি OTP পাঠানো হয়েছে',
  'The OTP has {0} digits': 'OTP-তে {0}টি সংখ্যা থাকে',
  'The OTP is wrong or has expired. Please check it or ask for a new one.':
    'OTP ভুল, অথবা এর মেয়াদ শেষ হয়ে গেছে। OTP-টি আবার দেখুন, অথবা নতুন একটি চেয়ে নিন।',
  'Please wait {0} seconds before asking for another OTP.': 'আরেকটি OTP চাওয়ার আগে {0} সেকেন্ড অপেক্ষা করুন।',
  'Too many OTP requests for this number. Please try again in {0} minutes.':
    'এই নম্বরের জন্য অনেকবার OTP চাওয়া হয়েছে। {0} মিনিট পরে আবার চেষ্টা করুন।',
  'We could not send the OTP right now. Please try again in a moment.': 'এই মুহূর্তে OTP পাঠানো যায়নি। একটু পরে আবার চেষ্টা করুন।',
  'Sign-in to this number is locked after too many wrong OTPs. Please try again in {0} minute, or ask support to lift the lock.':
    'অনেকবার ভুল OTP দেওয়ায় এই নম্বরে সাইন ইন লক করা হয়েছে। {0} মিনিট পরে আবার চেষ্টা করুন, অথবা লক তুলে দিতে সাপোর্টকে বলুন।',
  'Sign-in to this number is locked after too many wrong OTPs. Please try again in {0} minutes, or ask support to lift the lock.':
    'অনেকবার ভুল OTP দেওয়ায় এই নম্বরে সাইন ইন লক করা হয়েছে। {0} মিনিট পরে আবার চেষ্টা করুন, অথবা লক তুলে দিতে সাপোর্টকে বলুন।',
  'Sign-in to this number is locked after too many wrong OTPs. Please try again in {0} hours, or ask support to lift the lock.':
    'অনেকবার ভুল OTP দেওয়ায় এই নম্বরে সাইন ইন লক করা হয়েছে। {0} ঘণ্টা পরে আবার চেষ্টা করুন, অথবা লক তুলে দিতে সাপোর্টকে বলুন।',
  'Too many wrong OTPs for this number from this connection. Please try again in {0} minute.':
    'এই কানেকশন থেকে এই নম্বরের জন্য অনেকবার ভুল OTP দেওয়া হয়েছে। {0} মিনিট পরে আবার চেষ্টা করুন।',
  'Too many wrong OTPs for this number from this connection. Please try again in {0} minutes.':
    'এই কানেকশন থেকে এই নম্বরের জন্য অনেকবার ভুল OTP দেওয়া হয়েছে। {0} মিনিট পরে আবার চেষ্টা করুন।',
  'Too many wrong OTPs for this number from this connection. Please try again in {0} hours.':
    'এই কানেকশন থেকে এই নম্বরের জন্য অনেকবার ভুল OTP দেওয়া হয়েছে। {0} ঘণ্টা পরে আবার চেষ্টা করুন।',
  'This account has been disabled. Please contact support.': 'এই অ্যাকাউন্টটি বন্ধ করা হয়েছে। সাপোর্টের সাথে যোগাযোগ করুন।',
  'The bot check is missing': 'বট যাচাই করা হয়নি',
  'The bot check failed. Please try again.': 'বট যাচাই সফল হয়নি। আবার চেষ্টা করুন।',
  'This bot check was already used. Please try again.': 'এই বট যাচাই আগেই ব্যবহার হয়েছে। আবার চেষ্টা করুন।',
  'Enter a valid number: 096 followed by 8 digits': 'সঠিক নম্বর দিন: 096 এবং তারপর 8টি সংখ্যা',
  'Only admins can see and clear sign-in locks': 'শুধু অ্যাডমিনরা সাইন-ইন লক দেখতে ও তুলে দিতে পারেন',
  'Sign-in lock cleared': 'সাইন-ইন লক তুলে দেওয়া হয়েছে',
  'You have cleared many sign-in locks in the last minute. Please wait a moment.':
    'গত এক মিনিটে আপনি অনেকগুলো সাইন-ইন লক তুলে দিয়েছেন। একটু অপেক্ষা করুন।',

  // Users.
  'User created': 'নতুন ইউজার তৈরি হয়েছে',
  'User updated': 'ইউজারের তথ্য আপডেট হয়েছে',
  'User deleted': 'ইউজার মুছে ফেলা হয়েছে',
  'Only admins can manage users': 'শুধু অ্যাডমিনরা ইউজার পরিচালনা করতে পারেন',
  'You cannot look up users': 'আপনি ইউজার খুঁজতে পারবেন না',
  'A user with this number already exists': 'এই নম্বরে আগে থেকেই একজন ইউজার আছেন',
  'This user does not exist or has been deleted': 'এই ইউজার নেই, অথবা তাঁকে মুছে ফেলা হয়েছে',
  'The last admin cannot be removed; make another user admin first':
    'শেষ অ্যাডমিনকে সরানো যায় না; আগে অন্য একজন ইউজারকে অ্যাডমিন করুন',
  'You cannot delete your own account': 'নিজের অ্যাকাউন্ট মুছে ফেলা যায় না',
  'Name is required': 'নাম দিতে হবে',
  'Name has at most {0} characters': 'নাম সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Enter a valid phone number: 0 followed by 10 digits': 'সঠিক ফোন নম্বর দিন: 0 এবং তারপর 10টি সংখ্যা',
  'Choose a user type': 'ইউজারের ধরন বেছে নিন',
  'Choose a role': 'রোল বেছে নিন',
  'Search with at most {0} characters': 'সর্বোচ্চ {0} অক্ষর দিয়ে খুঁজুন',

  // Groups and subgroups.
  'Group created': 'নতুন গ্রুপ তৈরি হয়েছে',
  'Group name updated successfully': 'গ্রুপের নাম বদলানো হয়েছে',
  'Group deleted': 'গ্রুপ মুছে ফেলা হয়েছে',
  'Subgroups added': 'সাবগ্রুপ যোগ করা হয়েছে',
  'Subgroup updated successfully': 'সাবগ্রুপ আপডেট করা হয়েছে',
  'Subgroup deleted': 'সাবগ্রুপ মুছে ফেলা হয়েছে',
  'Only admins and moderators can manage groups': 'শুধু অ্যাডমিন ও মডারেটররা গ্রুপ পরিচালনা করতে পারেন',
  'This group does not exist or has been deleted': 'এই গ্রুপটি নেই, অথবা মুছে ফেলা হয়েছে',
  'This subgroup does not exist or has been deleted': 'এই সাবগ্রুপটি নেই, অথবা মুছে ফেলা হয়েছে',
  'A group named "{0}" already exists': '"{0}" নামে একটি গ্রুপ আগে থেকেই আছে',
  'Group name is required': 'গ্রুপের নাম দিতে হবে',
  'Group name has at most {0} characters': 'গ্রুপের নাম সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Bangla name is required': 'বাংলা নাম দিতে হবে',
  'Bangla name has at most {0} characters': 'বাংলা নাম সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'English name is required': 'ইংরেজি নাম দিতে হবে',
  'English name has at most {0} characters': 'ইংরেজি নাম সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Add at least one subgroup': 'অন্তত একটি সাবগ্রুপ যোগ করুন',
  'At most {0} subgroups at a time': 'একবারে সর্বোচ্চ {0}টি সাবগ্রুপ যোগ করা যায়',

  // Tickets: the form, the list and the number's history.
  'Successfully issued a new ticket': 'নতুন টিকিট তৈরি হয়েছে',
  'Ticket submitted successfully': 'টিকিট জমা হয়েছে',
  'There is no such ticket.': 'এমন কোনো টিকিট নেই।',
  'Title is required': 'শিরোনাম দিতে হবে',
  'Title has at most {0} characters': 'শিরোনাম সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Description is required': 'বিবরণ দিতে হবে',
  'Description has at most {0} characters': 'বিবরণ সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Problematic number is required': 'সমস্যার নম্বর দিতে হবে',
  'Enter a valid problematic number: 0 followed by 10 digits': 'সমস্যার সঠিক নম্বর দিন: 0 এবং তারপর 10টি সংখ্যা',
  'Please enter a valid email address': 'সঠিক ইমেইল ঠিকানা দিন',
  'An email address has at most {0} characters': 'ইমেইল ঠিকানা সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Choose a group': 'একটি গ্রুপ বেছে নিন',
  'Choose a subgroup': 'একটি সাবগ্রুপ বেছে নিন',
  'Choose a subgroup of the chosen group': 'বেছে নেওয়া গ্রুপের একটি সাবগ্রুপ বেছে নিন',
  'Choose Agent or Customer': 'এজেন্ট বা গ্রাহক বেছে নিন',
  'Choose agent or customer': 'এজেন্ট বা গ্রাহক বেছে নিন',
  'Ticket id is a number': 'টিকিট আইডি একটি সংখ্যা হতে হবে',
  'Not a valid id': 'আইডিটি সঠিক নয়',
  'Not a known department': 'এই নামে কোনো বিভাগ নেই',
  'Status is open, in_progress or closed': 'অবস্থা open, in_progress বা closed হতে হবে',
  'Search by the digits of the number': 'নম্বরের সংখ্যাগুলো দিয়ে খুঁজুন',
  'Search text has at least {0} characters': 'খোঁজার লেখায় অন্তত {0}টি অক্ষর দিন',
  'Search text has at most {0} characters': 'খোঁজার লেখা সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Overdue is true or false': 'overdue-এর মান true বা false হতে হবে',
  'Assignee is me, none or a user id': 'দায়িত্বপ্রাপ্ত হতে পারে me, none বা একজন ইউজারের আইডি',
  'Use a date as yyyy-MM-DD': 'তারিখ yyyy-MM-DD আকারে দিন',
  'The end date must not precede the start date': 'শেষের তারিখ শুরুর তারিখের আগে হতে পারবে না',
  'Page is a number': 'পৃষ্ঠা একটি সংখ্যা হতে হবে',
  'Page starts at 1': 'পৃষ্ঠা 1 থেকে শুরু হয়',
  'Enter a phone number as +880…, 880… or 0… followed by its digits': 'ফোন নম্বর দিন: +880…, 880… বা 0… এবং তারপর বাকি সংখ্যাগুলো',

  // Comments.
  'Successfully added new comment': 'নতুন কমেন্ট যোগ হয়েছে',
  'Write a comment first': 'আগে একটি কমেন্ট লিখুন',
  'A comment has at most {0} characters': 'একটি কমেন্ট সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Not a comment of this ticket': 'এটি এই টিকিটের কোনো কমেন্ট নয়',

  // Forwarding and resolving.
  'Successfully forwarded this ticket': 'টিকিটটি ফরওয়ার্ড করা হয়েছে',
  'Successfully resolved this ticket': 'টিকিটটি সমাধান করা হয়েছে',
  'This ticket was forwarded meanwhile; reload': 'এর মধ্যে টিকিটটি ফরওয়ার্ড করা হয়েছে; পেজটি রিলোড করুন',
  'Only staff can forward tickets.': 'শুধু স্টাফরাই টিকিট ফরওয়ার্ড করতে পারেন।',
  'Only staff can resolve tickets.': 'শুধু স্টাফরাই টিকিট সমাধান করতে পারেন।',
  'Forwarded tickets are for staff only.': 'ফরওয়ার্ড করা টিকিট শুধু স্টাফদের জন্য।',
  'This ticket is already solved.': 'টিকিটটি আগেই সমাধান হয়েছে।',
  'This ticket is already solved; it cannot be forwarded.': 'টিকিটটি আগেই সমাধান হয়েছে; এটি আর ফরওয়ার্ড করা যাবে না।',
  'Write the cause of the forward': 'ফরওয়ার্ডের কারণ লিখুন',
  'A cause has at most {0} characters': 'কারণ সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Choose the department to forward to': 'কোন বিভাগে ফরওয়ার্ড করবেন তা বেছে নিন',
  'Stay in the loop is true or false': 'লুপে থাকবেন কি না, তা true বা false হতে হবে',
  'This ticket is with Customer Care: only they or Customer Care can act on it.':
    'টিকিটটি কাস্টমার কেয়ারের কাছে আছে: শুধু তাঁরাই এতে কাজ করতে পারেন।',
  'This ticket is with Retail Sales: only they or Customer Care can act on it.':
    'টিকিটটি রিটেইল সেলসের কাছে আছে: শুধু তাঁরা বা কাস্টমার কেয়ার এতে কাজ করতে পারেন।',
  'This ticket is with IPTSP: only they or Customer Care can act on it.':
    'টিকিটটি IPTSP-এর কাছে আছে: শুধু তাঁরা বা কাস্টমার কেয়ার এতে কাজ করতে পারেন।',
  'This ticket is with OSS & BSS: only they or Customer Care can act on it.':
    'টিকিটটি OSS ও BSS-এর কাছে আছে: শুধু তাঁরা বা কাস্টমার কেয়ার এতে কাজ করতে পারেন।',
  'This ticket is with Agent: only they or Customer Care can act on it.':
    'টিকিটটি এজেন্টের কাছে আছে: শুধু তাঁরা বা কাস্টমার কেয়ার এতে কাজ করতে পারেন।',
  'This ticket is already with Customer Care.': 'টিকিটটি আগে থেকেই কাস্টমার কেয়ারের কাছে আছে।',
  'This ticket is already with Retail Sales.': 'টিকিটটি আগে থেকেই রিটেইল সেলসের কাছে আছে।',
  'This ticket is already with IPTSP.': 'টিকিটটি আগে থেকেই IPTSP-এর কাছে আছে।',
  'This ticket is already with OSS & BSS.': 'টিকিটটি আগে থেকেই OSS ও BSS-এর কাছে আছে।',
  'This ticket is already with Agent.': 'টিকিটটি আগে থেকেই এজেন্টের কাছে আছে।',
  'You cannot forward a ticket to your own department (Customer Care).': 'নিজের বিভাগে (কাস্টমার কেয়ার) টিকিট ফরওয়ার্ড করা যায় না।',
  'You cannot forward a ticket to your own department (Retail Sales).': 'নিজের বিভাগে (রিটেইল সেলস) টিকিট ফরওয়ার্ড করা যায় না।',
  'You cannot forward a ticket to your own department (IPTSP).': 'নিজের বিভাগে (IPTSP) টিকিট ফরওয়ার্ড করা যায় না।',
  'You cannot forward a ticket to your own department (OSS & BSS).': 'নিজের বিভাগে (OSS ও BSS) টিকিট ফরওয়ার্ড করা যায় না।',
  'You cannot forward a ticket to your own department (Agent).': 'নিজের বিভাগে (এজেন্ট) টিকিট ফরওয়ার্ড করা যায় না।',
  // The internal comment a forward leaves on the ticket.
  'Forwarded to Customer Care': 'কাস্টমার কেয়ারে ফরওয়ার্ড করা হয়েছে',
  'Forwarded to Retail Sales': 'রিটেইল সেলসে ফরওয়ার্ড করা হয়েছে',
  'Forwarded to IPTSP': 'IPTSP-তে ফরওয়ার্ড করা হয়েছে',
  'Forwarded to OSS & BSS': 'OSS ও BSS-এ ফরওয়ার্ড করা হয়েছে',
  'Forwarded to Agent': 'এজেন্টের কাছে ফরওয়ার্ড করা হয়েছে',

  // Assignment.
  'Assigned this ticket': 'এই টিকিটের দায়িত্ব দেওয়া হয়েছে',
  'Released this ticket': 'এই টিকিটের দায়িত্ব ছেড়ে দেওয়া হয়েছে',
  'This ticket was assigned meanwhile; reload': 'এর মধ্যে কেউ এই টিকিটের দায়িত্ব বদলেছেন; পেজটি রিলোড করুন',
  'Only staff can assign tickets.': 'শুধু স্টাফরাই টিকিটের দায়িত্ব দিতে পারেন।',
  'This ticket is already solved; nobody can take it.': 'টিকিটটি আগেই সমাধান হয়েছে; এর দায়িত্ব আর কেউ নিতে পারবেন না।',
  'There is no such staff member.': 'এমন কোনো স্টাফ নেই।',
  '{0} is not staff: only staff can take a ticket.': '{0} স্টাফ নন: শুধু স্টাফরাই টিকিটের দায়িত্ব নিতে পারেন।',
  '{0} is not staff of Customer Care, which holds this ticket: choose a colleague of that department.':
    'টিকিটটি কাস্টমার কেয়ারের দায়িত্বে, আর {0} ওই বিভাগের স্টাফ নন: কাস্টমার কেয়ারের একজন সহকর্মীকে বেছে নিন।',
  '{0} is not staff of Retail Sales, which holds this ticket: choose a colleague of that department.':
    'টিকিটটি রিটেইল সেলসের দায়িত্বে, আর {0} ওই বিভাগের স্টাফ নন: রিটেইল সেলসের একজন সহকর্মীকে বেছে নিন।',
  '{0} is not staff of IPTSP, which holds this ticket: choose a colleague of that department.':
    'টিকিটটি IPTSP-এর দায়িত্বে, আর {0} ওই বিভাগের স্টাফ নন: IPTSP-এর একজন সহকর্মীকে বেছে নিন।',
  '{0} is not staff of OSS & BSS, which holds this ticket: choose a colleague of that department.':
    'টিকিটটি OSS ও BSS-এর দায়িত্বে, আর {0} ওই বিভাগের স্টাফ নন: OSS ও BSS-এর একজন সহকর্মীকে বেছে নিন।',
  '{0} is not staff of Agent, which holds this ticket: choose a colleague of that department.':
    'টিকিটটি এজেন্টের দায়িত্বে, আর {0} সেখানকার স্টাফ নন: সেখানকার একজন সহকর্মীকে বেছে নিন।',
  'This ticket is with Customer Care: only they or Customer Care can assign it.':
    'টিকিটটি কাস্টমার কেয়ারের কাছে আছে: শুধু তাঁরাই এর দায়িত্ব দিতে পারেন।',
  'This ticket is with Retail Sales: only they or Customer Care can assign it.':
    'টিকিটটি রিটেইল সেলসের কাছে আছে: শুধু তাঁরা বা কাস্টমার কেয়ার এর দায়িত্ব দিতে পারেন।',
  'This ticket is with IPTSP: only they or Customer Care can assign it.':
    'টিকিটটি IPTSP-এর কাছে আছে: শুধু তাঁরা বা কাস্টমার কেয়ার এর দায়িত্ব দিতে পারেন।',
  'This ticket is with OSS & BSS: only they or Customer Care can assign it.':
    'টিকিটটি OSS ও BSS-এর কাছে আছে: শুধু তাঁরা বা কাস্টমার কেয়ার এর দায়িত্ব দিতে পারেন।',
  'This ticket is with Agent: only they or Customer Care can assign it.':
    'টিকিটটি এজেন্টের কাছে আছে: শুধু তাঁরা বা কাস্টমার কেয়ার এর দায়িত্ব দিতে পারেন।',

  // Incidents.
  'Incidents are for staff only.': 'ইনসিডেন্ট শুধু স্টাফদের জন্য।',
  'There is no such incident.': 'এমন কোনো ইনসিডেন্ট নেই।',
  'This incident is already resolved.': 'ইনসিডেন্টটি আগেই সমাধান হয়েছে।',
  'Linked 1 ticket': '1টি টিকিট যুক্ত করা হয়েছে',
  'Linked {0} tickets': '{0}টি টিকিট যুক্ত করা হয়েছে',
  'Unlinked the ticket': 'টিকিটটি ইনসিডেন্ট থেকে আলাদা করা হয়েছে',
  'Resolved the incident and 1 ticket': 'ইনসিডেন্ট এবং 1টি টিকিট সমাধান করা হয়েছে',
  'Resolved the incident and {0} tickets': 'ইনসিডেন্ট এবং {0}টি টিকিট সমাধান করা হয়েছে',
  'Link at most {0} tickets at a time': 'একবারে সর্বোচ্চ {0}টি টিকিট যুক্ত করা যায়',
  'Choose at least one ticket': 'অন্তত একটি টিকিট বেছে নিন',
  'There is no such ticket: {0}.': 'এমন কোনো টিকিট নেই: {0}।',
  // The list reads "ticket 5 (incident #2), ticket 9 (incident #3)": the first of them in Bangla.
  'Already part of another incident: ticket {0} (incident #{1}).': 'অন্য একটি ইনসিডেন্টের অংশ: টিকিট {0} (ইনসিডেন্ট #{1})।',
  'Already part of another incident: {0}.': 'অন্য একটি ইনসিডেন্টের অংশ: {0}।',
  'Ticket {0} is not part of this incident.': 'টিকিট {0} এই ইনসিডেন্টের অংশ নয়।',
  'Choose the group of the subgroup': 'সাবগ্রুপটি যে গ্রুপের, সেই গ্রুপও বেছে নিন',
  'The public note has at most {0} characters': 'সবার জন্য নোট সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'The resolution message is required': 'সমাধানের মেসেজ দিতে হবে',
  'The resolution message has at most {0} characters': 'সমাধানের মেসেজ সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Status is active or resolved': 'অবস্থা active বা resolved হতে হবে',

  // Canned replies.
  'Canned reply deleted': 'তৈরি উত্তর মুছে ফেলা হয়েছে',
  'Canned replies are for staff only.': 'তৈরি উত্তর শুধু স্টাফদের জন্য।',
  'Only admins can write canned replies shared by every department.': 'সব বিভাগের জন্য তৈরি উত্তর শুধু অ্যাডমিনরা লিখতে পারেন।',
  'You can only manage the canned replies of your own department.': 'আপনি শুধু নিজের বিভাগের তৈরি উত্তর বদলাতে বা মুছতে পারেন।',
  'There is no such canned reply.': 'এমন কোনো তৈরি উত্তর নেই।',
  'The English text is required': 'ইংরেজি লেখা দিতে হবে',
  'The English text has at most {0} characters': 'ইংরেজি লেখা সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'The Bangla text is required': 'বাংলা লেখা দিতে হবে',
  'The Bangla text has at most {0} characters': 'বাংলা লেখা সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Choose a department': 'একটি বিভাগ বেছে নিন',
  'Search is text': 'খোঁজার জন্য লেখা দিন',
  'Search has at most {0} characters': 'খোঁজার লেখা সর্বোচ্চ {0} অক্ষরের হতে পারে',

  // Uploads and attachments.
  'Only images can be uploaded (JPEG, PNG, GIF or WebP)': 'শুধু ছবি আপলোড করা যায় (JPEG, PNG, GIF বা WebP)',
  'The file name is missing': 'ফাইলের নাম দেওয়া হয়নি',
  'The file name has at most 255 characters': 'ফাইলের নাম সর্বোচ্চ 255 অক্ষরের হতে পারে',
  'An attachment link is empty': 'একটি সংযুক্তির লিংক খালি',
  'An attachment link is too long': 'একটি সংযুক্তির লিংক অনেক লম্বা',
  'At most {0} attachments': 'সর্বোচ্চ {0}টি সংযুক্তি দেওয়া যায়',
  'An attachment is not an image uploaded here. Please upload it again.': 'একটি সংযুক্তি এখানে আপলোড করা ছবি নয়। আবার আপলোড করুন।',
  'An attachment has not finished uploading. Please wait and try again.':
    'একটি সংযুক্তির আপলোড এখনও শেষ হয়নি। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
  'An attachment is larger than {0} MB. Please upload a smaller image.':
    'একটি সংযুক্তি {0} MB-এর চেয়ে বড়। আরও ছোট একটি ছবি আপলোড করুন।',
  'An attachment is not the image it was uploaded as (JPEG, PNG, GIF or WebP). Please upload it again.':
    'একটি সংযুক্তি যে ধরনের ছবি হিসেবে আপলোড হয়েছিল (JPEG, PNG, GIF বা WebP), আসলে তা নয়। আবার আপলোড করুন।',
  'An attachment is already used elsewhere. Please upload it again.': 'একটি সংযুক্তি আগেই অন্য কোথাও ব্যবহার হয়েছে। আবার আপলোড করুন।',
  'Send the upload as multipart/form-data.': 'আপলোডটি multipart/form-data হিসেবে পাঠান।',
  'The form has no file.': 'ফর্মে কোনো ফাইল নেই।',
  'The file must be sent in the field named file.': 'ফাইলটি file নামের ফিল্ডে পাঠাতে হবে।',
  'The upload form is not signed.': 'আপলোড ফর্মটি সাইন করা নেই।',
  'The upload form is not valid.': 'আপলোড ফর্মটি সঠিক নয়।',
  'The upload form has expired. Please try again.': 'আপলোড ফর্মের মেয়াদ শেষ হয়ে গেছে। আবার চেষ্টা করুন।',
  'The key is not the one of the upload form.': 'key-টি আপলোড ফর্মের key-এর সাথে মেলে না।',
  'The content type is not the one of the upload form.': 'ফাইলের ধরন (Content-Type) আপলোড ফর্মের সাথে মেলে না।',
  'This upload form was already used. Please upload the file again.': 'এই আপলোড ফর্ম আগেই ব্যবহার হয়েছে। ফাইলটি আবার আপলোড করুন।',
  'The file is larger than {0} MB.': 'ফাইলটি {0} MB-এর চেয়ে বড়।',
  'The file is empty.': 'ফাইলটি খালি।',
  'The file is not the image its name says (JPEG, PNG, GIF or WebP).':
    'ফাইলের নাম যে ধরনের ছবি বলছে (JPEG, PNG, GIF বা WebP), ফাইলটি সে ধরনের নয়।',
  'There is no such file.': 'এমন কোনো ফাইল নেই।',
  'File storage is unavailable right now. Please try again in a few minutes.':
    'ফাইল স্টোরেজ এই মুহূর্তে কাজ করছে না। কয়েক মিনিট পরে আবার চেষ্টা করুন।',

  // The public form's limits.
  'You have sent many tickets from this connection in the last hour. Please try again later.':
    'গত এক ঘণ্টায় এই কানেকশন থেকে অনেকগুলো টিকিট পাঠানো হয়েছে। পরে আবার চেষ্টা করুন।',
  'You have uploaded many images from this connection in the last hour. Please try again later.':
    'গত এক ঘণ্টায় এই কানেকশন থেকে অনেকগুলো ছবি আপলোড হয়েছে। পরে আবার চেষ্টা করুন।',
  'We are receiving an unusually high number of tickets right now. Please try again in a little while.':
    'এই মুহূর্তে স্বাভাবিকের চেয়ে অনেক বেশি টিকিট আসছে। কিছুক্ষণ পরে আবার চেষ্টা করুন।',
  'We are receiving an unusually high number of images right now. Please try again in a little while, or send your ticket without images.':
    'এই মুহূর্তে স্বাভাবিকের চেয়ে অনেক বেশি ছবি আসছে। কিছুক্ষণ পরে আবার চেষ্টা করুন, অথবা ছবি ছাড়াই টিকিট পাঠান।',

  // Reports.
  'Only Customer Care and Retail Sales staff can export reports': 'শুধু কাস্টমার কেয়ার ও রিটেইল সেলসের স্টাফরা রিপোর্ট নামাতে পারেন',
  'Choose a start date': 'শুরুর তারিখ বেছে নিন',
  'Choose an end date': 'শেষের তারিখ বেছে নিন',
  'The end date must not be later than today': 'শেষের তারিখ আজকের পরে হতে পারবে না',
  'A report covers at most {0} days': 'একটি রিপোর্টে সর্বোচ্চ {0} দিনের টিকিট থাকতে পারে',
  'Enter the number of the user: 096 or 01 followed by the remaining digits':
    'ইউজারের নম্বর দিন: 096 বা 01 এবং তারপর বাকি সংখ্যাগুলো',
  'Use an ISO date and time with an offset, e.g. 2026-03-01T00:00:00+06:00':
    'অফসেটসহ ISO তারিখ ও সময় দিন, যেমন 2026-03-01T00:00:00+06:00',
  'Other reports are being generated. Please try again in a minute.': 'এখন অন্য রিপোর্ট তৈরি হচ্ছে। এক মিনিট পরে আবার চেষ্টা করুন।',
  'The link of the report is missing': 'রিপোর্টের লিংক দেওয়া হয়নি',
  'This is not the link of a report.': 'এটি কোনো রিপোর্টের লিংক নয়।',
  'This link has expired. Please generate the report again.': 'এই লিংকের মেয়াদ শেষ হয়ে গেছে। রিপোর্টটি আবার তৈরি করুন।',
  'This link is not valid.': 'এই লিংকটি সঠিক নয়।',
  'This report is no longer available. Please generate it again.': 'এই রিপোর্টটি আর পাওয়া যাচ্ছে না। আবার তৈরি করুন।',

  // Notifications, live updates, the audit log, service levels and the dashboard.
  'Only staff can see the messages to the issuer.': 'টিকিট যিনি তৈরি করেছেন তাঁকে পাঠানো মেসেজ শুধু স্টাফরা দেখতে পারেন।',
  'Only admins can see failed messages.': 'যেসব মেসেজ যায়নি, সেগুলো শুধু অ্যাডমিনরা দেখতে পারেন।',
  'Live updates are not available right now. Please try again shortly.':
    'লাইভ আপডেট এই মুহূর্তে পাওয়া যাচ্ছে না। একটু পরে আবার চেষ্টা করুন।',
  'Too many live connections right now. Please try again shortly.':
    'এই মুহূর্তে অনেক বেশি লাইভ কানেকশন চালু আছে। একটু পরে আবার চেষ্টা করুন।',
  'Only admins can read the audit log': 'শুধু অ্যাডমিনরা অডিট লগ দেখতে পারেন',
  'Not a known action': 'এমন কোনো অ্যাকশন নেই',
  'Target has at most {0} characters': '"কীসের ওপর" সর্বোচ্চ {0} অক্ষরের হতে পারে',
  'Service levels are for staff only.': 'সার্ভিস লেভেল শুধু স্টাফদের জন্য।',
  'Only admins can change service levels.': 'শুধু অ্যাডমিনরা সার্ভিস লেভেল বদলাতে পারেন।',
  'Hours to the first reply is a whole number of hours from {0} to {1}':
    'প্রথম উত্তরের সময় {0} থেকে {1} ঘণ্টার মধ্যে পূর্ণ ঘণ্টায় দিতে হবে',
  'Hours to resolve is a whole number of hours from {0} to {1}': 'সমাধানের সময় {0} থেকে {1} ঘণ্টার মধ্যে পূর্ণ ঘণ্টায় দিতে হবে',
  'The dashboard is for staff only.': 'ড্যাশবোর্ড শুধু স্টাফদের জন্য।',
  'Days is a whole number from {0} to {1}': 'দিনের সংখ্যা {0} থেকে {1}-এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে',
};
