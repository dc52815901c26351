import { Alert, Stack, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { LANGUAGE_LOCALES, type OutageStatus } from '@switchboard/shared';
import type { ReactNode } from 'react';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { outageStatusMessages } from './messages.ts';
import { outageSinceText } from './number-status.ts';

export interface OutageNoticeProps {
  outage: NonNullable<OutageStatus['outage']>;
  /** The public is told it need not report; staff are told the subscriber need not. */
  audience: 'public' | 'staff';
  /** What the reader may do next (the public page's "Report anyway"). */
  children?: ReactNode;
}

/** A known outage in the number's area (DESIGN.md §23): since when, and the incident's public note. */
export function OutageNotice({ outage, audience, children }: OutageNoticeProps) {
  const t = useMessages(outageStatusMessages);
  const time = outageSinceText(outage.since, useProviderTimeZone(), LANGUAGE_LOCALES[currentLanguage()]);
  return (
    <Alert color="orange" variant="light" icon={<IconBroadcast size={20} />} title={t('outageTitle')} role="status">
      <Stack gap="xs">
        <Text size="sm">{t(audience === 'public' ? 'outageSince' : 'outageSinceStaff', { time })}</Text>
        {outage.public_note && (
          <div>
            <Text size="sm" fw={600}>
              {t('publicNote')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {outage.public_note}
            </Text>
          </div>
        )}
        {children}
      </Stack>
    </Alert>
  );
}
