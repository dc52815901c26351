import { Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { CreateFormScreen } from '../../components/create-form-screen.tsx';
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
    <CreateFormScreen
      backTo="/group-info"
      backLabel={t('backToList')}
      title={t('createTitle')}
      submitLabel={t('submit')}
      submitting={createGroup.isPending}
      onSubmit={submit}
      maw={820}
    >
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
    </CreateFormScreen>
  );
}
