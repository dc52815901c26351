import { TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { OTP_LENGTH, OTP_TTL_SECONDS } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { authMessages } from '../messages.ts';
import classes from './otp-field.module.css';

/**
 * The OTP input with the spec's hover hint (how long the code lives). The hint is a small CSS
 * tooltip rather than Mantine's Tooltip, which would bring a positioning library into the sign-in
 * page for one sentence. It shows on hover and on focus, and screen readers get it as the description.
 */
export function OtpField({ value, readOnly, onChange }: { value: string; readOnly: boolean; onChange: (value: string) => void }) {
  const t = useMessages(authMessages);
  const hintId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;

  return (
    <div className={classes.field} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <TextInput
        label={t('otpLabel')}
        placeholder={t('otpPlaceholder')}
        leftSection={<IconLock size={18} stroke={1.6} aria-hidden />}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        value={value}
        readOnly={readOnly}
        aria-describedby={hintId}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
        onChange={(event) => onChange(event.currentTarget.value)}
        size="md"
        autoFocus
        inputContainer={(input) => (
          <div className={classes.anchor}>
            {input}
            <div id={hintId} role="tooltip" className={classes.hint} data-open={open || undefined}>
              {t('otpHint', { minutes: OTP_TTL_SECONDS / 60 })}
            </div>
          </div>
        )}
      />
    </div>
  );
}
