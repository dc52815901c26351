import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { WebhookEndpoint, WebhookEndpointCreatedReply } from '@switchboard/shared';
import { Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ReadState } from '../../components/read-state.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { useWebhookEndpoints } from '../../entities/webhook-endpoints.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useDeleteWebhookEndpoint, useUpdateWebhookEndpoint } from './api/webhooks.ts';
import { integrationsMessages } from './messages.ts';
import { ShownOnceDialog, WebhookDeliveriesDialog, WebhookEndpointDialog } from './lazy-dialogs.ts';
import { WebhookEndpointsTable } from './webhook-endpoints-table.tsx';

/** The webhook endpoints: add (the secret shown once), edit, pause or resume, delete, and each one's deliveries. */
export function WebhooksSection() {
  const t = useMessages(integrationsMessages);
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [created, setCreated] = useState<WebhookEndpointCreatedReply | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [watching, setWatching] = useState<WebhookEndpoint | null>(null);
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();

  const setActive = (endpoint: WebhookEndpoint, active: boolean) =>
    update.mutate(
      { id: endpoint.id, body: { active } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: active ? t('endpointResumed') : t('endpointPausedDone') }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('endpointDeleted') });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack gap="md" component="section" aria-label={t('webhooksTitle')}>
      <Group justify="space-between" align="flex-end">
        <ScreenHeading title={t('webhooksTitle')} intro={t('webhooksIntro')} order={2} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('addEndpoint')}
        </Button>
      </Group>
      <ReadState read={endpoints} loadingText={t('endpointsLoading')} failedText={t('endpointsFailed')}>
        {(reply) =>
          reply.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" role="status">
              {t('endpointsEmpty')}
            </Text>
          ) : (
            <WebhookEndpointsTable
              endpoints={reply.data}
              changing={update.isPending ? update.variables.id : null}
              onEdit={setEditing}
              onSetActive={setActive}
              onDelete={(endpoint) => {
                remove.reset();
                setDeleting(endpoint);
              }}
              onDeliveries={setWatching}
            />
          )
        }
      </ReadState>
      <Suspense fallback={null}>
        {editing !== null && (
          <WebhookEndpointDialog
            endpoint={editing === 'new' ? null : editing}
            onCreated={(reply) => {
              setEditing(null);
              setCreated(reply);
            }}
            onClose={() => setEditing(null)}
          />
        )}
        {created && (
          <ShownOnceDialog
            title={t('secretTitle')}
            warning={t('secretWarning')}
            label={t('secretLabel', { url: created.data.url })}
            value={created.secret}
            onClose={() => setCreated(null)}
          />
        )}
        {watching && <WebhookDeliveriesDialog endpoint={watching} onClose={() => setWatching(null)} />}
      </Suspense>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        body={t('deleteBody', { url: deleting?.url ?? '' })}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
