/**
 * Staff's notification bell (DESIGN.md §26): the unread count on an icon in the header, and a list
 * of the newest items (a breach, an escalation, a low rating), each a link to its ticket and read
 * once opened. `inbox.added` from the live stream reads it again. Loaded lazily by the header, for
 * staff only.
 */
import { ActionIcon, Anchor, Box, Button, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { InboxItem } from '@switchboard/shared';
import { inboxKey, useInbox, useMarkInboxRead } from '../../entities/inbox.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages, type Translate } from '../../lib/i18n.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { inboxMessages } from './messages.ts';

type InboxKey = keyof (typeof inboxMessages)['english'];

function itemText(item: InboxItem, t: Translate<InboxKey>): string {
  const id = String(item.ticket_id);
  if (item.kind === 'sla.breached') return t('breached', { id });
  if (item.kind === 'sla.escalated') return t('escalated', { id });
  return t('ratedLow', { id, score: item.score ?? 0 });
}

export default function InboxBell() {
  const t = useMessages(inboxMessages);
  const [opened, setOpened] = useState(false);
  const inbox = useInbox(true);
  const markRead = useMarkInboxRead();
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.event === 'inbox.added') void queryClient.invalidateQueries({ queryKey: inboxKey });
  });
  const unread = inbox.data?.unread ?? 0;
  const items = inbox.data?.data ?? [];
  const open = (item: InboxItem) => {
    setOpened(false);
    if (!item.read) markRead.mutate({ ids: [item.id] });
  };

  // The count sits outside the popover's target: the target's aria-expanded belongs on the button.
  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" disabled={unread === 0} offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withArrow
        trapFocus
        returnFocus
        onOpen={() => void inbox.refetch()}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={t('bell', { count: unread })}
            onClick={() => setOpened((was) => !was)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" style={{ maxWidth: 'calc(100vw - 16px)' }}>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text fw={600} size="sm">
              {t('title')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={unread === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t('markAllRead')}
            </Button>
          </Group>
          {inbox.isError && (
            <Text size="sm" c="red">
              {t('loadFailed')} {errorMessage(inbox.error)}
            </Text>
          )}
          {inbox.isSuccess && items.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('empty')}
            </Text>
          )}
          <Box mah="60vh" style={{ overflowY: 'auto' }}>
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item) => (
                <Box
                  component="li"
                  key={item.id}
                  py={6}
                  px={6}
                  style={{ borderInlineStart: `3px solid ${item.read ? 'transparent' : 'var(--mantine-color-blue-6)'}` }}
                >
                  <Anchor
                    size="sm"
                    fw={item.read ? 400 : 600}
                    renderRoot={(props) => <Link {...props} to="/view-ticket" search={{ id: item.ticket_id }} />}
                    onClick={() => open(item)}
                  >
                    {itemText(item, t)}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {item.ticket_title} · {formatDisplayDateTime(item.created_at, undefined)}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Box>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
