import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SubscriberImportReply } from '@switchboard/shared';
import { ListTable } from '../../components/list-table.tsx';
import { useMessages } from '../../lib/i18n.ts';
import { subscribersMessages } from './messages.ts';

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color}>
        {value.toLocaleString('en-US')}
      </Text>
    </div>
  );
}

/** What an import did: rows read, stored and refused, and the refused rows with their line and reason. */
export function ImportReport({ reply }: { reply: SubscriberImportReply }) {
  const t = useMessages(subscribersMessages);
  const { data } = reply;
  return (
    <Paper withBorder p="md" component="section" aria-label={t('reportTitle')} data-testid="import-report">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('reportTitle')}
        </Title>
        <Text size="sm" role="status">
          {reply.message}
        </Text>
        <Group gap="xl">
          <Count label={t('reportRead')} value={data.read} />
          <Count label={t('reportStored')} value={data.stored} color="green.8" />
          <Count label={t('reportRefused')} value={data.refused} color={data.refused > 0 ? 'red.8' : undefined} />
        </Group>
        {data.refused_rows.length > 0 && (
          <>
            <Text size="sm" fw={500}>
              {data.refused_rows.length < data.refused
                ? t('refusedShown', { shown: data.refused_rows.length, count: data.refused })
                : t('refusedRows')}
            </Text>
            <ListTable
              minWidth={300}
              head={
                <>
                  <Table.Th w={70}>{t('columnLine')}</Table.Th>
                  <Table.Th>{t('columnReason')}</Table.Th>
                </>
              }
            >
              {data.refused_rows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </>
        )}
      </Stack>
    </Paper>
  );
}
