import { Anchor, Center, Stack, Text, Title } from '@mantine/core';

export function NotFoundScreen() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The address does not lead to any page.</Text>
        <Anchor href="/tickets?page=1">Go to tickets</Anchor>
      </Stack>
    </Center>
  );
}
