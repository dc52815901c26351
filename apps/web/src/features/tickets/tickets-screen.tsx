import { Title } from '@mantine/core';

export function TicketsScreen() {
  return <Title order={2}>Tickets</Title>;
}
