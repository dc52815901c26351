import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { WEEKDAYS, type Calendar } from '@switchboard/shared';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ReadState } from '../../components/read-state.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { useLabels } from '../../lib/labels.ts';
import { useCalendars, useDeleteCalendar } from './api/calendars.ts';
import { CalendarDialog } from './calendar-dialog.tsx';
import { calendarsMessages } from './messages.ts';

// The holidays' dialog (its date inputs and their calendar) loads when first opened: the screen is at its budget.
const HolidaysDialog = lazy(() => import('./holidays-dialog.tsx').then((module) => ({ default: module.HolidaysDialog })));

type Open =
  { kind: 'edit'; calendar: Calendar | null } | { kind: 'holidays'; id: number } | { kind: 'delete'; calendar: Calendar } | null;

/** /calendars: the working calendars, their weeks and holidays (admins). */
export function CalendarsScreen() {
  const t = useMessages(calendarsMessages);
  const calendars = useCalendars();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const holidaysOf = open?.kind === 'holidays' ? calendars.data?.data.find((calendar) => calendar.id === open.id) : undefined;

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <ScreenHeading title={t('title')} intro={t('intro')} />
        <Button onClick={() => setOpen({ kind: 'edit', calendar: null })}>{t('newCalendar')}</Button>
      </Group>
      <ReadState read={calendars} loadingText={t('loading')} failedText={t('failedToFetch')}>
        {(reply) =>
          reply.data.length === 0 ? (
            <Text c="dimmed">{t('none')}</Text>
          ) : (
            reply.data.map((calendar) => (
              <CalendarCard
                key={calendar.id}
                calendar={calendar}
                onEdit={() => setOpen({ kind: 'edit', calendar })}
                onHolidays={() => setOpen({ kind: 'holidays', id: calendar.id })}
                onDelete={() => setOpen({ kind: 'delete', calendar })}
              />
            ))
          )
        }
      </ReadState>
      {open?.kind === 'edit' && <CalendarDialog calendar={open.calendar} onClose={close} />}
      {holidaysOf && (
        <Suspense fallback={null}>
          <HolidaysDialog calendar={holidaysOf} onClose={close} />
        </Suspense>
      )}
      {open?.kind === 'delete' && <DeleteDialog calendar={open.calendar} onClose={close} />}
    </Stack>
  );
}

interface CalendarCardProps {
  calendar: Calendar;
  onEdit: () => void;
  onHolidays: () => void;
  onDelete: () => void;
}

/** One calendar: its name and zone, each day's hours, its holidays and the departments on it. */
function CalendarCard({ calendar, onEdit, onHolidays, onDelete }: CalendarCardProps) {
  const t = useMessages(calendarsMessages);
  const labels = useLabels();
  const departments = calendar.departments.map((department) => labels.department(department)).join(', ');
  return (
    <Paper withBorder p="md" component="section" aria-label={calendar.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4">
              {calendar.name}
            </Title>
            <Text size="sm" c="dimmed">
              {calendar.timezone}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={onEdit} aria-label={t('editCalendar', { name: calendar.name })}>
              {t('edit')}
            </Button>
            <Button variant="default" size="xs" onClick={onHolidays}>
              {t('holidays')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={onDelete}
              aria-label={t('deleteCalendar', { name: calendar.name })}
            >
              {t('delete')}
            </Button>
          </Group>
        </Group>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 16, rowGap: 2 }}>
          {WEEKDAYS.map((day) => {
            const intervals = calendar.week[day] ?? [];
            return (
              <div key={day} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" fw={500}>
                  {t(`day${day}`)}
                </Text>
                <Text component="dd" size="sm" m={0} c={intervals.length === 0 ? 'dimmed' : undefined}>
                  {intervals.length === 0 ? t('closed') : intervals.map((i) => `${i.start}–${i.end}`).join(', ')}
                </Text>
              </div>
            );
          })}
        </dl>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {t('holidayCount', { count: calendar.holidays.length })}
          </Badge>
          <Text size="sm" c="dimmed">
            {departments ? t('usedBy', { departments }) : t('unused')}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeleteDialog({ calendar, onClose }: { calendar: Calendar; onClose: () => void }) {
  const t = useMessages(calendarsMessages);
  const remove = useDeleteCalendar();
  return (
    <ConfirmDialog
      opened
      title={t('deleteTitle')}
      body={t('deleteBody', { name: calendar.name })}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onConfirm={() =>
        remove.mutate(calendar.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('deleted') });
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}
