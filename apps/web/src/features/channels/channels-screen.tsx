import { Box, Stack } from '@mantine/core';
import { ReadState } from '../../components/read-state.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useChannelStatuses } from './api/channels.ts';
import { ChannelCard } from './channel-card.tsx';
import { channelsMessages } from './messages.ts';

/** Three cards side by side on a wide screen, one under the other on a phone. */
const CARD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
  gap: 'var(--mantine-spacing-md)',
} as const;

/** /channels (admins, DESIGN.md §24): inbound SMS, delivery reports and inbound e-mail, one card each. */
export function ChannelsScreen() {
  const t = useMessages(channelsMessages);
  const timeZone = useProviderTimeZone();
  const channels = useChannelStatuses();
  return (
    <Stack gap="md">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <ReadState read={channels} loadingText={t('loading')} failedText={t('failed')}>
        {(reply) => (
          <Box style={CARD_GRID}>
            {reply.data.map((status) => (
              <ChannelCard key={status.channel} status={status} timeZone={timeZone} />
            ))}
          </Box>
        )}
      </ReadState>
    </Stack>
  );
}
