import serviceLevelsValidation from '@switchboard/shared/messages/en/validation/service-levels.json';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { Anchor, Button, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import {
  LANGUAGE_LOCALES,
  SERVICE_LEVEL_MAX_HOURS,
  SERVICE_LEVEL_MIN_HOURS,
  serviceLevelBodySchema,
  type Calendar,
  type ServiceLevel,
} from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { ReadState } from '../../components/read-state.tsx';
import { useCalendars } from '../../entities/calendars.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { validateWith, type FieldErrors } from '../../lib/schema-form.ts';
import { useServiceLevels, useSetServiceLevel } from './api/service-levels.ts';
import { serviceLevelsMessages } from './messages.ts';

addValidationCatalog('service-levels', serviceLevelsValidation);

/** The Select's value of "Always" (a level without a calendar). */
const ALWAYS = 'always';

/** /service-levels: each department's hours to the first reply and to resolve, and its working calendar (admins). */
export function ServiceLevelsScreen() {
  const t = useMessages(serviceLevelsMessages);
  const levels = useServiceLevels();
  const calendars = useCalendars();
  return (
    <Stack gap="md" maw={900}>
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <Anchor component={Link} to="/calendars" size="sm">
        {t('calendarsLink')}
      </Anchor>
      <ReadState read={levels} loadingText={t('loading')} failedText={t('failedToFetch')}>
        {(reply) =>
          reply.data.map((level) => <LevelForm key={level.department} level={level} calendars={calendars.data?.data ?? []} />)
        }
      </ReadState>
    </Stack>
  );
}

/** "Recomputing due times: 1,200 of 5,000", in the interface's numbers. */
function RecomputeProgress({ progress }: { progress: NonNullable<ServiceLevel['recompute']> }) {
  const t = useMessages(serviceLevelsMessages);
  const number = new Intl.NumberFormat(LANGUAGE_LOCALES[currentLanguage()]);
  return (
    <Text size="sm" c="blue" role="status">
      {progress.total > 0
        ? t('recomputing', { done: number.format(progress.done), total: number.format(progress.total) })
        : t('recomputingStarting')}
    </Text>
  );
}

/** One department's two numbers and calendar, checked with the endpoint's own schema before they are sent. */
function LevelForm({ level, calendars }: { level: ServiceLevel; calendars: Calendar[] }) {
  const t = useMessages(serviceLevelsMessages);
  const [firstReply, setFirstReply] = useState<number | string>(level.first_reply_hours);
  const [resolve, setResolve] = useState<number | string>(level.resolve_hours);
  const [calendar, setCalendar] = useState<string>(level.calendar_id === null ? ALWAYS : String(level.calendar_id));
  const [errors, setErrors] = useState<FieldErrors>({});
  const setLevel = useSetServiceLevel();
  const name = useLabels().department(level.department);
  const options = [
    { value: ALWAYS, label: t('always') },
    ...calendars.map((item) => ({ value: String(item.id), label: item.name })),
  ];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateWith(serviceLevelBodySchema, {
      first_reply_hours: firstReply,
      resolve_hours: resolve,
      calendar_id: calendar === ALWAYS ? null : Number(calendar),
    });
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
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
          <NumberInput
            label={t('firstReply')}
            value={firstReply}
            onChange={setFirstReply}
            error={errors.first_reply_hours}
            {...hours}
          />
          <NumberInput label={t('resolve')} value={resolve} onChange={setResolve} error={errors.resolve_hours} {...hours} />
          <Select
            label={t('calendar')}
            data={options}
            value={calendar}
            onChange={(value) => setCalendar(value ?? ALWAYS)}
            allowDeselect={false}
            error={errors.calendar_id}
          />
          <Button
            type="submit"
            loading={setLevel.isPending}
            mt={{ base: 0, xs: 'xl' }}
            aria-label={t('saveDepartment', { department: name })}
          >
            {t('save')}
          </Button>
        </SimpleGrid>
        {level.recompute && <RecomputeProgress progress={level.recompute} />}
      </Stack>
    </Paper>
  );
}
