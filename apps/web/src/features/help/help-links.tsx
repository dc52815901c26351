import { Anchor, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { helpMessages } from './messages.ts';

/** The help pages' header: the way to a ticket, and the language switch as the public form has it. */
export function HelpHeaderLinks() {
  const t = useMessages(helpMessages);
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor size="sm" renderRoot={(props) => <Link to="/create-ticket" {...props} />}>
        {t('raiseTicket')}
      </Anchor>
      <LanguageSwitch />
    </Group>
  );
}
