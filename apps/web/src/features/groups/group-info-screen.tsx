import { Title } from '@mantine/core';

export function GroupInfoScreen() {
  return <Title order={2}>Groups</Title>;
}
