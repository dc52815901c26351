/** The words of the sign-in screen (spec §2, §8). `brand` is the product name from the server. */
import { OTP_TTL_SECONDS } from '@switchboard/shared';

export const authMessages = {
  numberLabel: (brand: string) => `${brand} Number`,
  numberPlaceholder: '09638XXXXXX',
  numberInvalid: 'Enter a valid number: 096 followed by 8 digits',
  numberHint: 'We will send a one-time password to this number by SMS.',
  otpLabel: 'OTP',
  otpPlaceholder: '6-digit code',
  otpHint: `The OTP stays active for ${OTP_TTL_SECONDS / 60} minutes from when the message is received.`,
  getOtp: 'Get OTP',
  submit: 'Submit',
  otpSent: (brand: string) => `An OTP has been sent to your ${brand} number`,
  loginSuccessful: 'Login successful!',
  signingIn: 'Signing you in…',
  linkInvalid: 'This sign-in link is no longer valid. Please sign in with your number.',
  logoAlt: (brand: string) => `${brand} logo`,
  linkInvalidSignedIn: (name: string) => `This sign-in link is no longer valid. You are still signed in as ${name}.`,
  switchQuestion: (name: string, number: string, current: string) => `Sign in as ${name} (${number}) instead of ${current}?`,
  switchAccount: 'Switch account',
  staySignedIn: 'Stay signed in',
  sessionEnded: {
    account_changed: 'Your session ended because your account was changed. Please sign in again.',
    expired: 'Your session has expired. Please sign in again.',
  },
} as const;
