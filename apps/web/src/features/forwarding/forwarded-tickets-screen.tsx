import { Title } from '@mantine/core';

export function ForwardedTicketsScreen() {
  return <Title order={2}>Forwarded Tickets</Title>;
}
