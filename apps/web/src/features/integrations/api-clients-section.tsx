import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { API_CLIENTS_PAGE_SIZE, type ApiClient, type ApiClientCreatedReply } from '@switchboard/shared';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { PagedListScreen } from '../../components/paged-list-screen.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { useProviderTimeZone } from '../../lib/public-config.ts';
import { useApiClients, useRevokeApiClient } from './api/api-clients.ts';
import { clientStatus, type ClientStatus } from './integration-status.ts';
import { ApiClientDialog, ShownOnceDialog } from './lazy-dialogs.ts';
import { WHOLE_BADGE_STYLES } from './badge-styles.ts';
import { integrationsMessages } from './messages.ts';

const STATUS_COLORS: Record<ClientStatus, string> = { active: 'green', expired: 'orange', revoked: 'gray' };
const STATUS_WORDS = { active: 'clientActive', expired: 'clientExpired', revoked: 'clientRevoked' } as const;

/** The API clients: 20 a page (the page in the URL), "Create token", the token shown once, and Revoke. */
export function ApiClientsSection({ page }: { page: number }) {
  const t = useMessages(integrationsMessages);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiClientCreatedReply | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const list = useApiClients(page);
  const revoke = useRevokeApiClient();
  const rows = list.data?.data ?? [];

  const goToPage = useCallback(
    (target: number, replace?: boolean) =>
      void navigate({ to: '/integrations', search: (previous) => ({ ...previous, page: target }), replace }),
    [navigate],
  );

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('revokeDone', { name: revoking.name }) });
        setRevoking(null);
      },
    });
  };

  return (
    <section aria-label={t('clientsTitle')}>
      <PagedListScreen
        title={t('clientsTitle')}
        order={2}
        intro={t('clientsIntro')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('createToken')}
          </Button>
        }
        read={list}
        failedText={t('clientsFailed')}
        loadingText={t('clientsLoading')}
        emptyText={t('clientsEmpty')}
        empty={rows.length === 0}
        page={page}
        total={list.data?.total ?? 0}
        pageSize={API_CLIENTS_PAGE_SIZE}
        onPageChange={goToPage}
        after={
          <Suspense fallback={null}>
            {creating && (
              <ApiClientDialog
                onCreated={(reply) => {
                  setCreating(false);
                  setCreated(reply);
                }}
                onClose={() => setCreating(false)}
              />
            )}
            {created && (
              <ShownOnceDialog
                title={t('tokenTitle')}
                warning={t('tokenWarning')}
                label={t('tokenLabel', { name: created.data.name })}
                value={created.token}
                onClose={() => setCreated(null)}
              />
            )}
            <ConfirmDialog
              opened={revoking !== null}
              title={t('revokeTitle')}
              body={t('revokeBody', { name: revoking?.name ?? '' })}
              loading={revoke.isPending}
              error={revoke.isError ? errorMessage(revoke.error) : null}
              onConfirm={confirmRevoke}
              onClose={() => setRevoking(null)}
            />
          </Suspense>
        }
      >
        {/* On a phone the details step under the name, so that the status and Revoke stay on screen. */}
        <ListTable minWidth={340} head={<ClientsHead />}>
          {rows.map((client) => (
            <ClientRow
              key={client.id}
              client={client}
              onRevoke={() => {
                revoke.reset();
                setRevoking(client);
              }}
            />
          ))}
        </ListTable>
      </PagedListScreen>
    </section>
  );
}

function ClientsHead() {
  const t = useMessages(integrationsMessages);
  return (
    <>
      <Table.Th>{t('columnName')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnDepartment')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnScopes')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnCreated')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnExpires')}</Table.Th>
      <Table.Th visibleFrom="md">{t('columnLastUsed')}</Table.Th>
      <Table.Th>{t('columnStatus')}</Table.Th>
      <Table.Th>{t('columnActions')}</Table.Th>
    </>
  );
}

function ClientRow({ client, onRevoke }: { client: ApiClient; onRevoke: () => void }) {
  const t = useMessages(integrationsMessages);
  const labels = useLabels();
  const timeZone = useProviderTimeZone();
  const status = clientStatus(client);
  const lastUsed = client.last_used_at ? formatDisplayDateTime(client.last_used_at, timeZone) : t('neverUsed');
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {client.name}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {labels.department(client.department)} · {client.scopes.join(', ')}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {client.last_used_at ? t('lastUsedAt', { at: lastUsed }) : lastUsed}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">{labels.department(client.department)}</Table.Td>
      <Table.Td visibleFrom="md">
        <Group gap={4}>
          {client.scopes.map((scope) => (
            <Badge key={scope} variant="default" tt="none" fw={500}>
              {scope}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="md">
        <Text size="sm">{client.created_by_name ?? t('unknownCreator')}</Text>
        <Text size="xs" c="dimmed">
          {formatDisplayDateTime(client.created_at, timeZone)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="md">{client.expires_at ? formatDisplayDateTime(client.expires_at, timeZone) : t('never')}</Table.Td>
      <Table.Td visibleFrom="md">{lastUsed}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[status]} variant="light" tt="none" styles={WHOLE_BADGE_STYLES}>
          {t(STATUS_WORDS[status])}
        </Badge>
      </Table.Td>
      <Table.Td>
        {status !== 'revoked' && (
          <Button size="xs" variant="light" color="red" onClick={onRevoke} aria-label={t('revokeClient', { name: client.name })}>
            {t('revoke')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
