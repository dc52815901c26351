import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useCreateGroup } from './api/groups.ts';
import { SubgroupFields } from './components/subgroup-fields.tsx';
import { newSubgroupDraft, validateCreateGroup, type FieldErrors, type SubgroupDraft } from './group-drafts.ts';
import { groupsMessages } from './messages.ts';

export function CreateGroupScreen() {
  const t = useMessages(groupsMessages);
  const navigate = useNavigate();
  const createGroup = useCreateGroup();
  const [groupName, setGroupName] = useState('');
  const [subgroups, setSubgroups] = useState<SubgroupDraft[]>(() => [newSubgroupDraft()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Errors show once the form was submitted, then follow every change.
  const [submitted, setSubmitted] = useState(false);

  function revalidate(name: string, rows: SubgroupDraft[]) {
    if (!submitted) return;
    const result = validateCreateGroup(name, rows);
    setErrors(result.ok ? {} : result.errors);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = validateCreateGroup(groupName, subgroups);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    createGroup.mutate(result.body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('createdGroup') });
        void navigate({ to: '/group-info' });
      },
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  }

  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to="/group-info" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('backToList')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('createTitle')}
      </Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('groupName')}
              placeholder={t('groupNamePlaceholder')}
              required
              autoComplete="off"
              value={groupName}
              error={errors.group_name}
              disabled={createGroup.isPending}
              onChange={(event) => {
                setGroupName(event.currentTarget.value);
                revalidate(event.currentTarget.value, subgroups);
              }}
            />
            <Text fw={500} size="sm">
              {t('subgroups')}
            </Text>
            <SubgroupFields
              value={subgroups}
              errors={errors}
              disabled={createGroup.isPending}
              onChange={(rows) => {
                setSubgroups(rows);
                revalidate(groupName, rows);
              }}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={createGroup.isPending}>
                {t('submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
