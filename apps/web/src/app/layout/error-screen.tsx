import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { FALLBACK_ERROR_MESSAGE } from '@switchboard/shared';

/** Shown when a screen fails to load or throws: a way out instead of a blank page. */
export function ErrorScreen() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed" ta="center">
          {FALLBACK_ERROR_MESSAGE}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
