import { Button, Group, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
// Month and day names of the calendars in Bangla (the report form loads lazily; so does this).
import 'dayjs/locale/bn';
import { IconCalendar, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ReportInput } from '@switchboard/shared';
import { useGroupChoices, useGroups } from '../../../entities/groups.ts';
import { calendarDayFormatter } from '../../../lib/dates.ts';
import { currentLanguage, useMessages } from '../../../lib/i18n.ts';
import type { ReportKind } from '../api/reports.ts';
import { reportMessages } from '../messages.ts';
import { periodBody, type PeriodErrors } from '../report-period.ts';
import type { reportErrors } from '../report-rules.ts';
import { UserPicker, type PickedUser } from './user-picker.tsx';

export type ReportFieldErrors = PeriodErrors & Partial<Record<'group_id' | 'sub_group_id' | 'user_phone_number', string>>;

export interface ReportFormProps {
  /** Today in the provider's time zone: no date after it can be chosen. */
  today: string;
  timeZone: string | undefined;
  /** When the running report call was sent; null when none runs. */
  startedAt: number | null;
  /** Errors the server gave for fields. */
  serverErrors: ReportFieldErrors;
  onGenerate: (body: ReportInput, kind: ReportKind) => void;
}

/** Whole seconds since `startedAt`, ticking while it is set: the progress line of a long report. */
function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000));
}

/** The report's rules, once loaded: they arrive right after the form shows (see report-rules.ts). */
function useReportRules(): typeof reportErrors | null {
  const [rules, setRules] = useState<{ reportErrors: typeof reportErrors } | null>(null);
  useEffect(() => {
    let mounted = true;
    void import('../report-rules.ts').then((module) => {
      if (mounted) setRules(module);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return rules?.reportErrors ?? null;
}

/**
 * The kind of report, then user, group, subgroup and period (spec §2 /report; the outage ledger takes
 * the period alone), and the Generate button with its progress.
 */
export function ReportForm({ today, timeZone, startedAt, serverErrors, onGenerate }: ReportFormProps) {
  const t = useMessages(reportMessages);
  const calendarLabels = {
    monthLevelControl: t('monthLevelControl'),
    yearLevelControl: t('yearLevelControl'),
    nextMonth: t('nextMonth'),
    previousMonth: t('previousMonth'),
    nextYear: t('nextYear'),
    previousYear: t('previousYear'),
    nextDecade: t('nextDecade'),
    previousDecade: t('previousDecade'),
  };
  const pending = startedAt !== null;
  const groups = useGroups();
  const [user, setUser] = useState<PickedUser | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [subgroupId, setSubgroupId] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [kind, setKind] = useState<ReportKind>('tickets');
  const narrowed = kind === 'tickets';
  const { groupOptions, subgroupOptions } = useGroupChoices(groups.data, groupId, subgroupId);
  const elapsed = useElapsedSeconds(startedAt);
  const rules = useReportRules();

  const body: ReportInput = narrowed
    ? {
        ...periodBody({ start, end }, timeZone),
        group_id: groupId ?? undefined,
        sub_group_id: subgroupId ?? undefined,
        user_phone_number: user?.product_number,
      }
    : periodBody({ start, end }, timeZone);
  const formErrors = rules ? rules(body, { start, end }, today) : {};
  // Errors show once Generate was pressed or both days are chosen (a period too long is known then),
  // and follow every change from there.
  const showErrors = submitted || (start !== null && end !== null);
  const errors: ReportFieldErrors = { ...serverErrors, ...(showErrors ? formErrors : {}) };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    // Pressed before the rules have arrived (within moments of the first paint): nothing is sent
    // unchecked, and the errors show as soon as the rules are there.
    if (!rules || Object.keys(formErrors).length > 0) return;
    onGenerate(body, kind);
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="report-kind">
              {t('kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="report-kind"
              value={kind}
              onChange={(value) => setKind(value === 'outages' ? 'outages' : 'tickets')}
              data={[
                { value: 'tickets', label: t('kindTickets') },
                { value: 'outages', label: t('kindOutages') },
              ]}
              disabled={pending}
              fullWidth
              maw={480}
            />
            {!narrowed && (
              <Text size="xs" c="dimmed">
                {t('outagesHint')}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {narrowed && <UserPicker value={user} onChange={setUser} error={errors.user_phone_number} />}
            {narrowed && (
              <Select
                label={t('group')}
                placeholder={t('any')}
                data={groupOptions}
                value={groupId}
                onChange={(value) => {
                  setGroupId(value);
                  setSubgroupId(null);
                }}
                error={errors.group_id}
                searchable
                clearable
              />
            )}
            {narrowed && (
              <Select
                label={t('subgroup')}
                placeholder={!groupId ? t('chooseGroupFirst') : subgroupOptions.length > 0 ? t('any') : t('noSubgroups')}
                data={subgroupOptions}
                value={subgroupId}
                onChange={setSubgroupId}
                disabled={subgroupOptions.length === 0}
                error={errors.sub_group_id}
                searchable
                clearable
              />
            )}
            <DatePickerInput
              label={t('startDate')}
              placeholder={t('datePlaceholder')}
              leftSection={<IconCalendar size={16} />}
              valueFormatter={calendarDayFormatter}
              locale={currentLanguage()}
              ariaLabels={calendarLabels}
              required
              value={start}
              maxDate={today}
              onChange={(value) => {
                setStart(value);
                // Spec §5: choosing a start clears the end, which is then chosen from the start on.
                setEnd(null);
              }}
              error={errors.start_date}
            />
            <DatePickerInput
              label={t('endDate')}
              placeholder={t('datePlaceholder')}
              leftSection={<IconCalendar size={16} />}
              valueFormatter={calendarDayFormatter}
              locale={currentLanguage()}
              ariaLabels={calendarLabels}
              required
              value={end}
              minDate={start ?? undefined}
              maxDate={today}
              defaultDate={start ?? undefined}
              onChange={setEnd}
              error={errors.end_date}
            />
            <Group align="flex-end" justify="flex-end">
              <Button
                type="submit"
                loading={pending}
                leftSection={<IconFileSpreadsheet size={16} />}
                w={{ base: '100%', sm: 'auto' }}
              >
                {t('generate')}
              </Button>
            </Group>
          </SimpleGrid>
          {pending && (
            <Stack gap={4} role="status" aria-live="polite">
              <Progress value={100} striped animated size="sm" aria-label={t('generating', { seconds: elapsed })} />
              <Text size="xs" c="dimmed">
                {t('generating', { seconds: elapsed })}
              </Text>
            </Stack>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
