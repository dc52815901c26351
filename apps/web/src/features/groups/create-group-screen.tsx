import { Title } from '@mantine/core';

export function CreateGroupScreen() {
  return <Title order={2}>Create Group</Title>;
}
