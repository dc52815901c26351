import serviceLevelsValidation from '@switchboard/shared/messages/en/validation/service-levels.json';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { Button, NumberInput, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SERVICE_LEVEL_MAX_HOURS, SERVICE_LEVEL_MIN_HOURS, serviceLevelBodySchema, type ServiceLevel } from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ReadState } from '../../components/read-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { validateWith, type FieldErrors } from '../../lib/schema-form.ts';
import { useServiceLevels, useSetServiceLevel } from './api/service-levels.ts';
import { serviceLevelsMessages } from './messages.ts';

addValidationCatalog('service-levels', serviceLevelsValidation);

/** /service-levels: each department's hours to the first reply and to resolve (admins). */
export function ServiceLevelsScreen() {
  const t = useMessages(serviceLevelsMessages);
  const levels = useServiceLevels();
  return (
    <Stack gap="md" maw={900}>
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <ReadState read={levels} loadingText={t('loading')} failedText={t('failedToFetch')}>
        {(reply) => reply.data.map((level) => <LevelForm key={level.department} level={level} />)}
      </ReadState>
    </Stack>
  );
}

/** One department's two numbers, checked with the endpoint's own schema before they are sent. */
function LevelForm({ level }: { level: ServiceLevel }) {
  const t = useMessages(serviceLevelsMessages);
  const [firstReply, setFirstReply] = useState<number | string>(level.first_reply_hours);
  const [resolve, setResolve] = useState<number | string>(level.resolve_hours);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setLevel = useSetServiceLevel();
  const name = useLabels().department(level.department);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateWith(serviceLevelBodySchema, { first_reply_hours: firstReply, resolve_hours: resolve });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setLevel.mutate(
      { department: level.department, body: result.body },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('saved', { department: name }) }),
        onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  }

  const hours = { min: SERVICE_LEVEL_MIN_HOURS, max: SERVICE_LEVEL_MAX_HOURS, allowDecimal: false, allowNegative: false };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={name} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {name}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="sm">
          <NumberInput
            label={t('firstReply')}
            value={firstReply}
            onChange={setFirstReply}
            error={errors.first_reply_hours}
            {...hours}
          />
          <NumberInput label={t('resolve')} value={resolve} onChange={setResolve} error={errors.resolve_hours} {...hours} />
          <Button
            type="submit"
            loading={setLevel.isPending}
            mt={{ base: 0, xs: 'xl' }}
            aria-label={t('saveDepartment', { department: name })}
          >
            {t('save')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
