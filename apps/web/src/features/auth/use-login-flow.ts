/**
 * The sign-in flow of spec §4: number entry → OTP requested (bot check first) → OTP entry → submit.
 * Editing the number goes back to the first step; a refused OTP request hides and clears the OTP;
 * a refused login clears both fields.
 */
import { useState } from 'react';
import { isValidProductEntry } from '@switchboard/shared';
import { ApiError } from '../../lib/api-client.ts';
import { createSignInBotCheck, logIn, requestOtp } from './api/auth-api.ts';

export type LoginStep = 'number' | 'otp';

export interface LoginFlowEvents {
  onOtpSent: () => void;
  onSignedIn: (authToken: string) => void;
  onFailed: (error: unknown) => void;
}

export interface LoginFlow {
  step: LoginStep;
  entry: string;
  otp: string;
  busy: boolean;
  entryValid: boolean;
  canSubmit: boolean;
  changeEntry: (value: string) => void;
  changeOtp: (value: string) => void;
  submit: () => Promise<void>;
}

export function useLoginFlow(events: LoginFlowEvents): LoginFlow {
  const [step, setStep] = useState<LoginStep>('number');
  const [entry, setEntry] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [botCheck] = useState(createSignInBotCheck);

  const entryValid = isValidProductEntry(entry);
  const canSubmit = !busy && entryValid && (step === 'number' || otp.trim() !== '');

  function changeEntry(value: string) {
    setEntry(value);
    // Solved while the person finishes: Get OTP then only sends.
    if (isValidProductEntry(value)) botCheck.prepare();
    if (step === 'otp') {
      setStep('number');
      setOtp('');
    }
  }

  async function submit() {
    if (!canSubmit) return;
    setBusy(true);
    try {
      if (step === 'number') await sendOtp();
      else await signIn();
    } finally {
      setBusy(false);
    }
  }

  async function sendOtp() {
    try {
      await requestOtp(entry, botCheck);
      setStep('otp');
      // The login's own check, solved while the SMS is on its way.
      botCheck.prepare();
      events.onOtpSent();
    } catch (error) {
      setStep('number');
      setOtp('');
      events.onFailed(error);
    }
  }

  async function signIn() {
    let authToken: string;
    try {
      authToken = await logIn(entry, otp, botCheck);
    } catch (error) {
      // Nothing reached the server when the bot check could not be solved here: keep what was typed.
      if (!isLocalBotCheckFailure(error)) {
        setStep('number');
        setOtp('');
        setEntry('');
      }
      events.onFailed(error);
      return;
    }
    events.onSignedIn(authToken);
  }

  return { step, entry, otp, busy, entryValid, canSubmit, changeEntry, changeOtp: setOtp, submit };
}

function isLocalBotCheckFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && error.code === 'captcha_failed';
}
