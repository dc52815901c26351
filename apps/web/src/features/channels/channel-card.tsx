import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LANGUAGE_LOCALES, type ChannelName, type ChannelStatus, type InboundOutcome } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { currentLanguage, useMessages, type Translate } from '../../lib/i18n.ts';
import { channelBadge, relativeTime, type ChannelBadge } from './channel-state.ts';
import { channelsMessages } from './messages.ts';

type Key = keyof typeof channelsMessages.english;

const NAMES: Record<ChannelName, Key> = {
  sms_inbound: 'nameSmsInbound',
  sms_delivery: 'nameSmsDelivery',
  email_inbound: 'nameEmailInbound',
};
const BADGES: Record<ChannelBadge, { key: Key; color: string }> = {
  notSetUp: { key: 'statusNotSetUp', color: 'gray' },
  connected: { key: 'statusConnected', color: 'green' },
  notConnected: { key: 'statusNotConnected', color: 'red' },
  receiving: { key: 'statusReceiving', color: 'green' },
};
const OUTCOMES: Record<InboundOutcome, Key> = {
  comment: 'outcomeComment',
  ticket: 'outcomeTicket',
  status: 'outcomeStatus',
  stop: 'outcomeStop',
  start: 'outcomeStart',
  rating: 'outcomeRating',
  ignored: 'outcomeIgnored',
  limited: 'outcomeLimited',
  refused: 'outcomeRefused',
};
/** The gateway's callbacks, on the desk's own address. */
const CALLBACK_PATHS: Partial<Record<ChannelName, string>> = {
  sms_inbound: '/api/v1/channels/sms/inbound',
  sms_delivery: '/api/v1/channels/sms/delivery',
};

/** A moment as "5 minutes ago", its full date and time on hover. */
function Moment({ iso, timeZone }: { iso: string; timeZone: string | undefined }) {
  return (
    <time dateTime={iso} title={formatDisplayDateTime(iso, timeZone)}>
      {relativeTime(iso, LANGUAGE_LOCALES[currentLanguage()])}
    </time>
  );
}

function Fact({ label, children, danger = false }: { label: string; children: ReactNode; danger?: boolean }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} c={danger ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function SetUpHint({ status, t }: { status: ChannelStatus; t: Translate<Key> }) {
  const path = CALLBACK_PATHS[status.channel];
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {t('setUpTitle')}
      </Title>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t(
          status.channel === 'email_inbound'
            ? 'setUpEmail'
            : status.channel === 'sms_inbound'
              ? 'setUpSmsInbound'
              : 'setUpSmsDelivery',
        )}
      </Text>
      {path && (
        <Text
          size="sm"
          ff="monospace"
          bg="var(--mantine-color-default-hover)"
          p={6}
          style={{ overflowWrap: 'anywhere', borderRadius: 4 }}
        >
          {`${window.location.origin}${path}`}
        </Text>
      )}
      {path && !status.configured && (
        <Anchor size="sm" renderRoot={(props) => <Link to="/integrations" search={{ page: 1 }} {...props} />}>
          {t('openIntegrations')}
        </Anchor>
      )}
    </Stack>
  );
}

export interface ChannelCardProps {
  status: ChannelStatus;
  timeZone: string | undefined;
}

/** One channel: its state, the last message (or report) taken, the last day's count, the last error, how to set it up. */
export function ChannelCard({ status, timeZone }: ChannelCardProps) {
  const t = useMessages(channelsMessages);
  const badge = BADGES[channelBadge(status)];
  const reports = status.channel === 'sms_delivery';
  const name = t(NAMES[status.channel]);
  return (
    <Paper withBorder p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            {name}
          </Title>
          <Badge color={badge.color} variant="light" tt="none" styles={{ root: { minWidth: 'max-content' } }}>
            {t(badge.key)}
          </Badge>
        </Group>
        <Stack gap="xs" component="dl" m={0}>
          <Fact label={t(reports ? 'lastReport' : 'lastTaken')}>
            {status.last_taken_at ? (
              <>
                <Moment iso={status.last_taken_at} timeZone={timeZone} />
                {status.last_outcome && ` · ${t(OUTCOMES[status.last_outcome])}`}
              </>
            ) : (
              t('noneYet')
            )}
          </Fact>
          <Fact label={t('lastDay')}>{t(reports ? 'reportCount' : 'messageCount', { count: status.taken_last_day })}</Fact>
          <Fact label={t('lastError')} danger={status.last_error !== null}>
            {status.last_error ?? t('noError')}
            {status.last_error_at && (
              <>
                {' · '}
                <Moment iso={status.last_error_at} timeZone={timeZone} />
              </>
            )}
          </Fact>
        </Stack>
        <SetUpHint status={status} t={t} />
      </Stack>
    </Paper>
  );
}
