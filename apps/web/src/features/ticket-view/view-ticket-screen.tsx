import { Title } from '@mantine/core';

export function ViewTicketScreen() {
  return <Title order={2}>Ticket</Title>;
}
