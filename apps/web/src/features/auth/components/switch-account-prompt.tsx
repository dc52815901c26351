import { Button, Stack, Text } from '@mantine/core';
import { displayNumber } from '@switchboard/shared';
import type { SessionClaims } from '../../../lib/session.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { authMessages } from '../messages.ts';

export interface SwitchAccountPromptProps {
  /** The account of the link. */
  next: Pick<SessionClaims, 'name' | 'number'>;
  /** The account signed in now. */
  current: Pick<SessionClaims, 'name'>;
  onSwitch: () => void;
  onStay: () => void;
}

/** A link signs in as somebody else than the stored session: the user decides, nothing happens silently. */
export function SwitchAccountPrompt({ next, current, onSwitch, onStay }: SwitchAccountPromptProps) {
  const t = useMessages(authMessages);
  return (
    <Stack gap="md" role="group" aria-labelledby="switch-account-question">
      <Text id="switch-account-question" ta="center">
        {t('switchQuestion', { name: next.name, number: displayNumber(next.number), current: current.name })}
      </Text>
      <Button size="md" fullWidth onClick={onSwitch}>
        {t('switchAccount')}
      </Button>
      <Button size="md" fullWidth variant="default" onClick={onStay} autoFocus>
        {t('staySignedIn')}
      </Button>
    </Stack>
  );
}
