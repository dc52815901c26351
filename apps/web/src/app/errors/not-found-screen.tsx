import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useMessages } from '../../lib/i18n.ts';
import { errorsMessages } from './messages.ts';

export function NotFoundScreen() {
  const t = useMessages(errorsMessages);
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          {t('notFoundTitle')}
        </Title>
        <Text c="dimmed">{t('notFoundText')}</Text>
        <Anchor href="/tickets?page=1">{t('goToTickets')}</Anchor>
      </Stack>
    </Center>
  );
}
