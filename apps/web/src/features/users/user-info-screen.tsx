import { Title } from '@mantine/core';

export function UserInfoScreen() {
  return <Title order={2}>Users</Title>;
}
