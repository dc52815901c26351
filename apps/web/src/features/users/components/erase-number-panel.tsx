import { Alert, Button, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ErasureReply } from '@switchboard/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ScreenHeading } from '../../../components/screen-heading.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useEraseNumber } from '../api/erasure.ts';
import { usersMessages } from '../messages.ts';

/**
 * /user-info (admins): erase a number's personal data (DESIGN.md §29). The dialog says what will
 * happen and asks for the number again; the counts of what changed show below afterwards.
 */
export function EraseNumberPanel() {
  const t = useMessages(usersMessages);
  const [entry, setEntry] = useState('');
  const [asking, setAsking] = useState<string | null>(null);
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<ErasureReply | null>(null);
  const erase = useEraseNumber();

  const open = (event: FormEvent) => {
    event.preventDefault();
    if (entry.trim() === '') return;
    setDone(null);
    setConfirm('');
    erase.reset();
    setAsking(entry.trim());
  };
  const close = () => {
    setAsking(null);
    erase.reset();
  };
  const confirmErase = () => {
    if (asking === null) return;
    erase.mutate(
      { number: asking, confirm: confirm.trim() },
      {
        onSuccess: (reply) => {
          setDone(reply);
          setAsking(null);
          setEntry('');
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <ScreenHeading order={2} title={t('eraseTitle')} intro={t('eraseIntro')} />
        <form onSubmit={open} aria-label={t('eraseTitle')}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('eraseNumberLabel')}
              placeholder={t('lockNumberPlaceholder')}
              value={entry}
              onChange={(event) => setEntry(event.currentTarget.value)}
              inputMode="tel"
            />
            <Button type="submit" color="red" variant="light">
              {t('eraseOpen')}
            </Button>
          </Group>
        </form>
        {done && <ErasureDone reply={done} />}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={t('eraseConfirmTitle')}
        body={asking === null ? '' : t('eraseConfirmBody', { number: asking })}
        loading={erase.isPending}
        error={erase.isError ? errorMessage(erase.error) : null}
        onConfirm={confirmErase}
        onClose={close}
      >
        <TextInput
          mt="md"
          label={t('eraseConfirmLabel')}
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          inputMode="tel"
          data-autofocus
        />
      </ConfirmDialog>
    </Paper>
  );
}

function ErasureDone({ reply }: { reply: ErasureReply }) {
  const t = useMessages(usersMessages);
  const { tickets, comments, users, subscribers } = reply.data;
  return (
    <Alert color="green" variant="light" role="status" title={t('eraseDone')}>
      <Text size="sm">{reply.message}</Text>
      <List size="sm" mt="xs">
        <List.Item>{t('eraseCountTickets', { count: tickets })}</List.Item>
        <List.Item>{t('eraseCountComments', { count: comments })}</List.Item>
        <List.Item>{t('eraseCountUsers', { count: users })}</List.Item>
        <List.Item>{t('eraseCountSubscribers', { count: subscribers })}</List.Item>
      </List>
    </Alert>
  );
}
