import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Broadcast, BroadcastKind, BroadcastStatus, IncidentDetail } from '@switchboard/shared';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLiveEvents } from '../../../lib/live-events.ts';
import { useProviderTimeZone } from '../../../lib/public-config.ts';
import { useBroadcasts, useCancelBroadcast } from './broadcasts-api.ts';
import { broadcastMessages } from './messages.ts';
import { KIND_KEYS, STATUS_KEYS } from './broadcast-kinds.ts';

// Loaded when first opened.
const BroadcastDialog = lazy(() => import('./broadcast-dialog.tsx').then((module) => ({ default: module.BroadcastDialog })));

const STATUS_COLORS: Record<BroadcastStatus, string> = { sending: 'blue', finished: 'teal', cancelled: 'gray' };

/** One broadcast's progress: queued, sent, failed and delivered, with Cancel while it sends. */
function BroadcastRow({ broadcast, onCancel, cancelling }: { broadcast: Broadcast; onCancel: () => void; cancelling: boolean }) {
  const t = useMessages(broadcastMessages);
  const timeZone = useProviderTimeZone();
  const total = Math.max(1, broadcast.recipients);
  const queued = broadcast.status === 'sending' ? Math.max(0, broadcast.recipients - broadcast.sent - broadcast.failed) : 0;
  const kind = t(KIND_KEYS[broadcast.kind]);
  return (
    <Stack gap={6} data-testid="broadcast-row">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{t('broadcastOf', { kind, when: formatDisplayDateTime(broadcast.created_at, timeZone) })}</Text>
          <Badge color={STATUS_COLORS[broadcast.status]} variant="light" tt="none">
            {t(STATUS_KEYS[broadcast.status])}
          </Badge>
        </Group>
        {broadcast.status === 'sending' && (
          <Button size="xs" variant="default" color="red" loading={cancelling} onClick={onCancel}>
            {t('cancelBroadcast')}
          </Button>
        )}
      </Group>
      <Progress.Root
        size="lg"
        aria-label={t('broadcastProgressLabel', { kind, sent: broadcast.sent, total: broadcast.recipients })}
      >
        <Progress.Section value={(broadcast.sent / total) * 100} color="teal" />
        <Progress.Section value={(broadcast.failed / total) * 100} color="red" />
      </Progress.Root>
      <Text size="sm" c="dimmed">
        {t('broadcastProgress', { queued, sent: broadcast.sent, failed: broadcast.failed, delivered: broadcast.delivered })}
      </Text>
    </Stack>
  );
}

export interface BroadcastsPanelProps {
  incident: Pick<IncidentDetail, 'id' | 'status' | 'area_codes' | 'public_note' | 'resolution_message'>;
  /** Opened right after a resolve: the restored message to the same people. */
  offerRestored: boolean;
  onOfferDone: () => void;
}

/** An incident's broadcasts (DESIGN.md §23): "Tell the area", and each broadcast's progress, live. */
export function BroadcastsPanel({ incident, offerRestored, onOfferDone }: BroadcastsPanelProps) {
  const t = useMessages(broadcastMessages);
  const broadcasts = useBroadcasts(incident.id);
  const cancel = useCancelBroadcast(incident.id);
  const [dialogKind, setDialogKind] = useState<BroadcastKind | null>(null);
  useLiveEvents((event) => {
    if (event.event === 'broadcast.changed' && event.data.incident_id === incident.id) void broadcasts.refetch();
  });
  const active = incident.status === 'active';
  // The offer waits for the resolved incident, whose resolution the message starts from.
  const openKind = dialogKind ?? (offerRestored && !active ? 'restored' : null);
  const close = () => {
    setDialogKind(null);
    onOfferDone();
  };
  if (incident.area_codes.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {t('broadcastsTitle')}
        </Title>
        <Button size="sm" onClick={() => setDialogKind(active ? 'outage' : 'restored')}>
          {t('tellArea')}
        </Button>
      </Group>
      <Stack gap="md">
        {broadcasts.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('noBroadcasts')}
          </Text>
        )}
        {broadcasts.data?.map((broadcast) => (
          <BroadcastRow
            key={broadcast.id}
            broadcast={broadcast}
            cancelling={cancel.isPending && cancel.variables === broadcast.id}
            onCancel={() =>
              cancel.mutate(broadcast.id, {
                onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message }),
                onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
              })
            }
          />
        ))}
      </Stack>
      {openKind && (
        <Suspense fallback={null}>
          <BroadcastDialog
            incidentId={incident.id}
            kinds={active ? ['outage', 'update', 'restored'] : ['restored']}
            initialKind={openKind}
            initialMessage={(openKind === 'restored' ? incident.resolution_message : incident.public_note) ?? ''}
            onClose={close}
            onSent={(message) => {
              close();
              notifications.show({ color: 'green', message });
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
