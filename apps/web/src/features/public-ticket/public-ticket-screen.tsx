import { Title } from '@mantine/core';

export function PublicTicketScreen() {
  return <Title order={2}>Create Ticket</Title>;
}
