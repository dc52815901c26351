import { Title } from '@mantine/core';

export function CreateUserScreen() {
  return <Title order={2}>Create User</Title>;
}
