import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { CreateFormScreen } from '../../components/create-form-screen.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { useBrandName } from '../../lib/public-config.ts';
import { useCreateUser } from './api/users.ts';
import { PrefixedNumberInput } from './components/prefixed-number-input.tsx';
import { usersMessages } from './messages.ts';
import {
  asRole,
  asUserType,
  EMPTY_DRAFT,
  roleOptions,
  userTypeOptions,
  validateSignup,
  type FieldErrors,
  type UserDraft,
} from './user-draft.ts';

export function CreateUserScreen() {
  const t = useMessages(usersMessages);
  const labels = useLabels();
  const brand = useBrandName();
  const navigate = useNavigate();
  const createUser = useCreateUser();
  const [draft, setDraft] = useState<UserDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Errors show once the form was submitted, then follow every change.
  const [submitted, setSubmitted] = useState(false);

  function change(fields: Partial<UserDraft>) {
    const next = { ...draft, ...fields };
    setDraft(next);
    if (submitted) {
      const result = validateSignup(next);
      setErrors(result.ok ? {} : result.errors);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = validateSignup(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    createUser.mutate(result.body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('created') });
        void navigate({ to: '/user-info' });
      },
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  }

  return (
    <CreateFormScreen
      backTo="/user-info"
      backLabel={t('backToList')}
      title={t('createTitle')}
      submitLabel={t('submit')}
      submitting={createUser.isPending}
      onSubmit={submit}
      maw={720}
    >
      <TextInput
        label={t('name')}
        placeholder={t('namePlaceholder')}
        required
        autoComplete="off"
        value={draft.name}
        error={errors.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PrefixedNumberInput
          label={t('number', { brand })}
          placeholder={t('numberPlaceholder')}
          required
          value={draft.numberEntry}
          error={errors.product_number}
          onChange={(event) => change({ numberEntry: event.currentTarget.value })}
        />
        <PrefixedNumberInput
          label={t('phone')}
          placeholder={t('phonePlaceholder')}
          required
          value={draft.phoneEntry}
          error={errors.phone_number}
          onChange={(event) => change({ phoneEntry: event.currentTarget.value })}
        />
        <Select
          label={t('userType')}
          placeholder={t('userTypePlaceholder')}
          required
          data={userTypeOptions(labels)}
          value={draft.user_type}
          error={errors.user_type}
          onChange={(value) => change({ user_type: asUserType(value) })}
        />
        <Select
          label={t('role')}
          placeholder={t('rolePlaceholder')}
          required
          data={roleOptions(labels)}
          value={draft.role}
          error={errors.role}
          onChange={(value) => change({ role: asRole(value) })}
        />
      </SimpleGrid>
    </CreateFormScreen>
  );
}
