import { Title } from '@mantine/core';

export function LoginScreen() {
  return <Title order={2}>Sign in</Title>;
}
