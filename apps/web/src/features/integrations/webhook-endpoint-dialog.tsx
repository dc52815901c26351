import integrationsValidation from '@switchboard/shared/messages/en/validation/integrations.json';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DEPARTMENTS,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
  type Department,
  type WebhookEndpoint,
  type WebhookEndpointCreatedReply,
  type WebhookEvent,
} from '@switchboard/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { errorsOf, validateWith } from '../../lib/schema-form.ts';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from './api/webhooks.ts';
import { integrationsMessages } from './messages.ts';

addValidationCatalog('integrations', integrationsValidation);

export interface WebhookEndpointDialogProps {
  /** The endpoint to edit; null adds one. */
  endpoint: WebhookEndpoint | null;
  /** A new endpoint with its signing secret, to be shown once. */
  onCreated: (reply: WebhookEndpointCreatedReply) => void;
  onClose: () => void;
}

/**
 * Adds or edits an endpoint: its address, a description, the department whose staff would read the
 * payloads, and its events, checked with the endpoint's own schema (POST's or PATCH's). A refused
 * request leaves every field as typed.
 */
export function WebhookEndpointDialog({ endpoint, onCreated, onClose }: WebhookEndpointDialogProps) {
  const t = useMessages(integrationsMessages);
  const labels = useLabels();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [department, setDepartment] = useState<Department>(endpoint?.department ?? DEPARTMENTS[0]);
  const [events, setEvents] = useState<WebhookEvent[]>(endpoint?.events ?? []);
  const [tried, setTried] = useState(false);
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const save = endpoint ? update : create;

  const input = { url, description, department, events };
  // The same rules either way; PATCH's schema takes each field alone.
  const errors = tried ? errorsOf(validateWith(endpoint ? webhookEndpointUpdateSchema : webhookEndpointCreateSchema, input)) : {};

  const confirm = () => {
    setTried(true);
    if (!endpoint) {
      const created = validateWith(webhookEndpointCreateSchema, input);
      if (created.ok) create.mutate(created.body, { onSuccess: onCreated });
      return;
    }
    const changed = validateWith(webhookEndpointUpdateSchema, input);
    if (!changed.ok) return;
    update.mutate(
      { id: endpoint.id, body: changed.body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('endpointSaved') });
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened
      title={endpoint ? t('endpointEditTitle') : t('endpointCreateTitle')}
      body={t('endpointBody')}
      loading={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <TextInput
          label={t('fieldUrl')}
          description={t('fieldUrlHint')}
          type="url"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          error={errors.url}
          required
          data-autofocus
        />
        <TextInput
          label={t('fieldDescription')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          error={errors.description}
        />
        <Select
          label={t('fieldEndpointDepartment')}
          data={DEPARTMENTS.map((value) => ({ value, label: labels.department(value) }))}
          value={department}
          onChange={(value) => setDepartment(value ?? department)}
          allowDeselect={false}
          error={errors.department}
        />
        <Checkbox.Group label={t('fieldEvents')} value={events} onChange={setEvents} error={errors.events} required>
          <Stack gap="xs" mt={4}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={event} description={t(`event.${event}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
    </ConfirmDialog>
  );
}
