import { Title } from '@mantine/core';

export function AddTicketScreen() {
  return <Title order={2}>Create Ticket</Title>;
}
