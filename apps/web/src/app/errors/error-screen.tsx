import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { errorsMessages } from './messages.ts';

/** Shown when a screen fails to load or throws: a way out instead of a blank page. */
export function ErrorScreen() {
  const t = useMessages(errorsMessages);
  const labels = useLabels();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          {t('errorTitle')}
        </Title>
        <Text c="dimmed" ta="center">
          {labels.fallbackError}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </Stack>
    </Center>
  );
}
