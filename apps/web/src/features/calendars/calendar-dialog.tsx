import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CALENDAR_INTERVALS_PER_DAY_MAX,
  CALENDAR_NAME_MAX_LENGTH,
  calendarBodySchema,
  DEFAULT_CALENDAR_TIMEZONE,
  WEEKDAYS,
  type Calendar,
  type WorkingInterval,
} from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { errorsOf, validateWith, type FieldErrors } from '../../lib/schema-form.ts';
import { useSaveCalendar } from './api/calendars.ts';
import { calendarsMessages } from './messages.ts';

type Week = WorkingInterval[][];
type DayKey = `day${(typeof WEEKDAYS)[number]}`;

const NINE_TO_FIVE: WorkingInterval = { start: '09:00', end: '17:00' };
/** A new calendar starts as Bangladesh's week: Sunday to Thursday, 9 to 17. */
const NEW_WEEK: Week = WEEKDAYS.map((day) => (day <= 4 ? [NINE_TO_FIVE] : []));

/** The zones the browser knows, the calendar's own first when the list lacks it. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** The first message of the day's fields: an interval's, or the day's own (overlap, too many). */
function dayError(errors: FieldErrors, day: number): string | undefined {
  const prefix = `week.${day}`;
  const key = Object.keys(errors).find((field) => field === prefix || field.startsWith(`${prefix}.`));
  return key ? errors[key] : undefined;
}

export interface CalendarDialogProps {
  /** The calendar to edit; null creates one. */
  calendar: Calendar | null;
  onClose: () => void;
}

/** Creates or edits a working calendar; validated with the endpoint's own schema as it is typed. */
export function CalendarDialog({ calendar, onClose }: CalendarDialogProps) {
  const t = useMessages(calendarsMessages);
  const [name, setName] = useState(calendar?.name ?? '');
  const [timezone, setTimezone] = useState(calendar?.timezone ?? DEFAULT_CALENDAR_TIMEZONE);
  const [week, setWeek] = useState<Week>(calendar?.week ?? NEW_WEEK);
  const [tried, setTried] = useState(false);
  const zones = useMemo(() => timeZones(timezone), [timezone]);
  const save = useSaveCalendar();
  const input = { name, timezone, week };
  const errors = tried ? errorsOf(validateWith(calendarBodySchema, input)) : {};

  const setDay = (day: number, intervals: WorkingInterval[]) =>
    setWeek((current) => current.map((old, index) => (index === day ? intervals : old)));

  const confirm = () => {
    setTried(true);
    const validated = validateWith(calendarBodySchema, input);
    if (!validated.ok) return;
    save.mutate(
      { id: calendar?.id ?? null, body: validated.body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('formSaved') });
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened
      size="lg"
      title={calendar ? t('formEditTitle') : t('formCreateTitle')}
      body={t('formBody')}
      loading={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="sm" mt="md">
        <TextInput
          label={t('formName')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={CALENDAR_NAME_MAX_LENGTH}
          error={errors.name}
          required
          data-autofocus
        />
        <Select
          label={t('formTimezone')}
          data={zones}
          value={timezone}
          onChange={(value) => setTimezone(value ?? timezone)}
          searchable
          allowDeselect={false}
          error={errors.timezone}
          comboboxProps={{ withinPortal: true }}
        />
        {WEEKDAYS.map((day) => (
          <DayEditor
            key={day}
            day={day}
            intervals={week[day] ?? []}
            error={dayError(errors, day)}
            onChange={(next) => setDay(day, next)}
          />
        ))}
        {errors.week && (
          <Text c="red" size="sm" role="alert">
            {errors.week}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}

interface DayEditorProps {
  day: number;
  intervals: WorkingInterval[];
  error: string | undefined;
  onChange: (intervals: WorkingInterval[]) => void;
}

/** A weekday's working intervals (closed when none), each `HH:MM` to `HH:MM`. */
function DayEditor({ day, intervals, error, onChange }: DayEditorProps) {
  const t = useMessages(calendarsMessages);
  const dayName = t(`day${day}` as DayKey);
  const change = (index: number, field: keyof WorkingInterval, value: string) =>
    onChange(intervals.map((interval, i) => (i === index ? { ...interval, [field]: value } : interval)));
  const last = intervals[intervals.length - 1];
  const next = last ? { start: last.end, end: last.end } : NINE_TO_FIVE;

  return (
    <div role="group" aria-label={dayName}>
      <Group gap="xs" align="center" wrap="wrap">
        <Text fw={500} w={110}>
          {dayName}
        </Text>
        {intervals.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('closed')}
          </Text>
        )}
        {intervals.map((interval, index) => (
          <Group key={index} gap={4} wrap="nowrap">
            <TextInput
              aria-label={`${dayName} ${t('from')}`}
              value={interval.start}
              onChange={(event) => change(index, 'start', event.currentTarget.value)}
              placeholder="09:00"
              w={72}
              inputMode="numeric"
              maxLength={5}
            />
            <Text size="sm">–</Text>
            <TextInput
              aria-label={`${dayName} ${t('until')}`}
              value={interval.end}
              onChange={(event) => change(index, 'end', event.currentTarget.value)}
              placeholder="17:00"
              w={72}
              inputMode="numeric"
              maxLength={5}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('removeInterval', { day: dayName, start: interval.start, end: interval.end })}
              onClick={() => onChange(intervals.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {intervals.length < CALENDAR_INTERVALS_PER_DAY_MAX && (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={t('addIntervalTo', { day: dayName })}
            onClick={() => onChange([...intervals, next])}
          >
            {t('addInterval')}
          </Button>
        )}
      </Group>
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
    </div>
  );
}
