import { Alert, Anchor, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { EndpointTrouble } from '../../entities/webhook-endpoints.ts';
import { useMessages } from '../../lib/i18n.ts';
import { layoutMessages } from './messages.ts';

/** Where this tab keeps the troubles already told (sessionStorage: a new session tells again). */
export const SEEN_STORAGE_KEY = 'integrations-notice-seen';

/** One word per trouble: a new failure, or the turning off of an endpoint already told failing, is news. */
function troubleKeys(trouble: EndpointTrouble): string[] {
  return [
    ...trouble.disabled.map((endpoint) => `${endpoint.id}:off:${endpoint.disabled_at}`),
    ...trouble.failing.map((endpoint) => `${endpoint.id}:failing:${endpoint.failing_since}`),
  ];
}

function readSeen(): string[] {
  try {
    const seen: unknown = JSON.parse(sessionStorage.getItem(SEEN_STORAGE_KEY) ?? '[]');
    return Array.isArray(seen) ? seen.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Above every signed-in screen of an admin, once per session and trouble: a webhook endpoint was
 * turned off after failing for 3 days (or fails now). Closing it, or following it to the
 * integrations screen, marks it told; the screen itself shows each endpoint's state instead.
 */
export function IntegrationsNotice({ trouble, pathname }: { trouble: EndpointTrouble | null; pathname: string }) {
  const t = useMessages(layoutMessages);
  const [seen, setSeen] = useState(readSeen);
  if (!trouble || pathname === '/integrations') return null;
  const keys = troubleKeys(trouble);
  if (keys.every((key) => seen.includes(key))) return null;

  const markSeen = () => {
    const next = [...new Set([...seen, ...keys])];
    setSeen(next);
    sessionStorage.setItem(SEEN_STORAGE_KEY, JSON.stringify(next));
  };
  const disabled = trouble.disabled.length;
  return (
    <Alert
      color={disabled > 0 ? 'red' : 'orange'}
      title={disabled > 0 ? t('noticeTitleTurnedOff') : t('noticeTitleFailing')}
      icon={<IconPlugConnectedX aria-hidden />}
      withCloseButton
      closeButtonLabel={t('noticeDismiss')}
      onClose={markSeen}
      mb="md"
    >
      <Text size="sm" component="span">
        {disabled > 0 ? t('noticeTurnedOff', { count: disabled }) : t('noticeFailing', { count: trouble.failing.length })}{' '}
        {/* The darkest blue: the notice's tinted ground leaves the usual one short of AA contrast. */}
        <Anchor
          size="sm"
          fw={600}
          c="blue.9"
          underline="always"
          renderRoot={(props) => <Link to="/integrations" search={{ page: 1 }} {...props} />}
          onClick={markSeen}
        >
          {t('noticeOpen')}
        </Anchor>
      </Text>
    </Alert>
  );
}
