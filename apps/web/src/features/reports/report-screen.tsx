import { Title } from '@mantine/core';

export function ReportScreen() {
  return <Title order={2}>Report</Title>;
}
