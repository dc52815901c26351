import { Text } from '@mantine/core';
import type { SessionEndReason } from '../../../lib/session.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { authMessages } from '../messages.ts';
import classes from '../login-screen.module.css';

/**
 * Why the user is back at sign-in, shown until they sign in again (a toast would be gone too
 * soon). Plain text with a style rather than an Alert: the sign-in screen loads first and stays small.
 */
const REASON_KEYS = { account_changed: 'sessionEndedAccountChanged', expired: 'sessionEndedExpired' } as const;

export function SessionEndedNote({ reason }: { reason: SessionEndReason }) {
  const t = useMessages(authMessages);
  return (
    <Text role="alert" size="sm" className={classes.note}>
      {t(REASON_KEYS[reason])}
    </Text>
  );
}
