import integrationsValidation from '@switchboard/shared/messages/en/validation/integrations.json';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { Checkbox, Radio, Select, Stack, TextInput } from '@mantine/core';
import {
  API_CLIENT_MAX_DAYS,
  API_CLIENT_NAME_MAX_LENGTH,
  API_SCOPES,
  apiClientCreateSchema,
  DEPARTMENTS,
  type ApiClientCreatedReply,
  type ApiScope,
  type Department,
} from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { errorsOf, validateWith } from '../../lib/schema-form.ts';
import { useCreateApiClient } from './api/api-clients.ts';
import { integrationsMessages } from './messages.ts';

addValidationCatalog('integrations', integrationsValidation);

/** The expiry offered first when an admin chooses one. */
const DEFAULT_EXPIRY_DAYS = 90;

type Expiry = 'never' | 'days';

export interface ApiClientDialogProps {
  /** The created client with its token, to be shown once. */
  onCreated: (reply: ApiClientCreatedReply) => void;
  onClose: () => void;
}

/**
 * "Create token": a name, the department whose staff rights the client acts with, its scopes and
 * an expiry, checked with the endpoint's own schema. A refused request leaves every field as typed.
 */
export function ApiClientDialog({ onCreated, onClose }: ApiClientDialogProps) {
  const t = useMessages(integrationsMessages);
  const labels = useLabels();
  const [name, setName] = useState('');
  const [department, setDepartment] = useState<Department>(DEPARTMENTS[0]);
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [days, setDays] = useState(String(DEFAULT_EXPIRY_DAYS));
  const [tried, setTried] = useState(false);
  const create = useCreateApiClient();

  // Days that are not a whole number (an emptied field too) go to the schema as no number, so that
  // it says why, rather than being read as "never". A plain text field: NumberInput's formatting
  // library would weigh more than the whole dialog.
  const input = {
    name,
    department,
    scopes,
    expires_in_days: expiry === 'never' ? null : /^\d+$/.test(days.trim()) ? Number(days) : Number.NaN,
  };
  const validated = validateWith(apiClientCreateSchema, input);
  const errors = tried ? errorsOf(validated) : {};

  const confirm = () => {
    setTried(true);
    if (!validated.ok) return;
    create.mutate(validated.body, { onSuccess: onCreated });
  };

  return (
    <ConfirmDialog
      opened
      title={t('createTitle')}
      body={t('createBody')}
      loading={create.isPending}
      error={create.isError ? errorMessage(create.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <TextInput
          label={t('fieldName')}
          description={t('fieldNameHint')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={API_CLIENT_NAME_MAX_LENGTH}
          error={errors.name}
          required
          data-autofocus
        />
        <Select
          label={t('fieldDepartment')}
          data={DEPARTMENTS.map((value) => ({ value, label: labels.department(value) }))}
          value={department}
          onChange={(value) => setDepartment(value ?? department)}
          allowDeselect={false}
          error={errors.department}
        />
        <Checkbox.Group label={t('fieldScopes')} value={scopes} onChange={setScopes} error={errors.scopes} required>
          <Stack gap="xs" mt={4}>
            {API_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scope} description={t(`scope.${scope}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Radio.Group label={t('fieldExpiry')} value={expiry} onChange={setExpiry}>
          <Stack gap="xs" mt={4}>
            <Radio value="never" label={t('expiryNever')} />
            <Radio value="days" label={t('expiryDays')} />
          </Stack>
        </Radio.Group>
        {expiry === 'days' && (
          <TextInput
            label={t('fieldDays')}
            value={days}
            onChange={(event) => setDays(event.currentTarget.value)}
            inputMode="numeric"
            maxLength={String(API_CLIENT_MAX_DAYS).length}
            error={errors.expires_in_days}
            maw={200}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}
