import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';

export interface CreateFormScreenProps {
  /** The list the form adds to, linked above the title. */
  backTo: '/user-info' | '/group-info';
  backLabel: string;
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  maw: number;
  /** The fields. */
  children: ReactNode;
}

/** The shell of an admin's create form (a user, a group): back to the list, the title, the fields and Submit. */
export function CreateFormScreen(props: CreateFormScreenProps) {
  return (
    <Stack gap="md" maw={props.maw}>
      <Anchor component={Link} to={props.backTo} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {props.backLabel}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={props.onSubmit} noValidate>
          <Stack gap="md">
            {props.children}
            <Group justify="flex-end">
              <Button type="submit" loading={props.submitting}>
                {props.submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
