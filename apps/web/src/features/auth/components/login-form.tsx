import { Button, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { isValidProductEntry } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { authMessages } from '../messages.ts';
import type { LoginFlow } from '../use-login-flow.ts';

// The OTP field (its hint and lock icon) is fetched while the OTP is requested, which takes the bot
// check and a round trip: the page's first paint needs only the number.
const loadOtpField = () => import('./otp-field.tsx');
const OtpField = lazy(() => loadOtpField().then((module) => ({ default: module.OtpField })));

/** The number field, then (once the OTP is requested) the OTP field, and the one action button. */
export function LoginForm({ flow, brand }: { flow: LoginFlow; brand: string }) {
  const t = useMessages(authMessages);
  const numberRef = useRef<HTMLInputElement>(null);
  const [numberTouched, setNumberTouched] = useState(false);
  const { step, entry, otp, busy, entryValid, canSubmit } = flow;

  // On arrival, and after a refused login empties both fields, the cursor waits where the flow starts.
  useEffect(() => {
    if (step === 'number' && entry === '' && !busy) numberRef.current?.focus();
  }, [step, entry, busy]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A failed fetch is the lazy field's to report, when it renders.
    loadOtpField().catch(() => undefined);
    void flow.submit();
  }

  const showNumberError = numberTouched && entry.trim() !== '' && !entryValid;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          ref={numberRef}
          label={t('numberLabel', { brand })}
          description={t('numberHint')}
          placeholder={t('numberPlaceholder')}
          leftSection={
            <Text component="span" size="md" lh={1} c="dimmed">
              +88
            </Text>
          }
          leftSectionWidth={44}
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={14}
          value={entry}
          readOnly={busy}
          error={showNumberError ? t('numberInvalid') : undefined}
          onBlur={() => setNumberTouched(true)}
          onChange={(event) => {
            flow.changeEntry(event.currentTarget.value);
            // The OTP field is fetched once a number is there to ask for, not after the press.
            if (isValidProductEntry(event.currentTarget.value)) loadOtpField().catch(() => undefined);
          }}
          size="md"
        />

        {step === 'otp' && (
          <Suspense fallback={null}>
            <OtpField value={otp} readOnly={busy} onChange={flow.changeOtp} />
          </Suspense>
        )}

        <Button type="submit" size="md" fullWidth disabled={!canSubmit && !busy} loading={busy}>
          {step === 'number' ? t('getOtp') : t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
