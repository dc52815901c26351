import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { displayNumber, type SignInLock } from '@switchboard/shared';
import { ScreenHeading } from '../../../components/screen-heading.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDisplayDateTime } from '../../../lib/dates.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useProviderTimeZone } from '../../../lib/public-config.ts';
import { useClearSignInLock, useSignInLock } from '../api/sign-in-locks.ts';
import { usersMessages } from '../messages.ts';

/** /user-info (admins): look a number's wrong-OTP record up and lift its lock. */
export function SignInLockPanel() {
  const t = useMessages(usersMessages);
  const [entry, setEntry] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const lock = useSignInLock(asked);
  const clear = useClearSignInLock();

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (entry.trim() !== '') setAsked(entry.trim());
  };
  const confirmClear = () => {
    if (!lock.data) return;
    clear.mutate(lock.data.product_number, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: t('lockCleared') });
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <ScreenHeading order={2} title={t('lockTitle')} intro={t('lockIntro')} />
        <form onSubmit={check} aria-label={t('lockTitle')}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('lockNumberLabel')}
              placeholder={t('lockNumberPlaceholder')}
              value={entry}
              onChange={(event) => setEntry(event.currentTarget.value)}
              inputMode="tel"
            />
            <Button type="submit" variant="default" loading={lock.isFetching}>
              {t('lockCheck')}
            </Button>
          </Group>
        </form>
        {lock.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(lock.error)}
          </Alert>
        )}
        {lock.data && <LockState lock={lock.data} onClear={() => setConfirming(true)} />}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('lockConfirmTitle')}
        body={lock.data ? t('lockConfirmBody', { number: displayNumber(lock.data.product_number) }) : ''}
        loading={clear.isPending}
        error={clear.isError ? errorMessage(clear.error) : null}
        onConfirm={confirmClear}
        onClose={() => {
          setConfirming(false);
          clear.reset();
        }}
      />
    </Paper>
  );
}

function LockState({ lock, onClear }: { lock: SignInLock; onClear: () => void }) {
  const t = useMessages(usersMessages);
  // In the interface's language and the provider's time zone, like every other date (DESIGN.md §16).
  const until = formatDisplayDateTime(lock.locked_until, useProviderTimeZone());
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text fw={600}>{displayNumber(lock.product_number)}</Text>
        <Badge color={lock.locked ? 'red' : 'gray'} variant="light">
          {lock.locked ? t('lockLocked', { until }) : t('lockNotLocked')}
        </Badge>
      </Group>
      <Text size="sm">{t('lockFailures', { count: lock.failures_24h })}</Text>
      {lock.addresses.length > 0 && (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lockAddress')}</Table.Th>
              <Table.Th>{t('lockLastHour')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lock.addresses.map((address) => (
              <Table.Tr key={address.ip}>
                <Table.Td>{address.ip}</Table.Td>
                <Table.Td>{address.failures_1h}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {lock.failures_24h > 0 && (
        <Group>
          <Button color="red" variant="light" onClick={onClear}>
            {t('lockClear')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
