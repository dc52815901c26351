import { ActionIcon, Button, FileButton, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { HOLIDAY_NAME_MAX_LENGTH, holidayBodySchema, type Calendar } from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { formatCalendarDay } from '../../lib/dates.ts';
import { useMessages } from '../../lib/i18n.ts';
import { errorsOf, validateWith } from '../../lib/schema-form.ts';
import { useAddHoliday, useImportHolidays, useRemoveHoliday } from './api/calendars.ts';
import { calendarsMessages } from './messages.ts';

const failed = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });

/** A calendar's holidays: the list with Remove, a form to add one, and the import of an .ics file. */
export function HolidaysDialog({ calendar, onClose }: { calendar: Calendar; onClose: () => void }) {
  const t = useMessages(calendarsMessages);
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const importing = useImportHolidays();
  const input = { date, name };
  const errors = tried ? errorsOf(validateWith(holidayBodySchema, input)) : {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    const validated = validateWith(holidayBodySchema, input);
    if (!validated.ok) return;
    add.mutate(
      { id: calendar.id, body: validated.body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('holidayAdded') });
          setDate('');
          setName('');
          setTried(false);
        },
        onError: failed,
      },
    );
  }

  async function importFile(file: File | null) {
    if (!file) return;
    // A file over ICAL_MAX_BYTES is refused by the server, in its words.
    const content = await file.text();
    importing.mutate(
      { id: calendar.id, content },
      { onSuccess: (reply) => notifications.show({ color: 'green', message: t('imported', reply.data) }), onError: failed },
    );
  }

  return (
    <Modal opened onClose={onClose} title={t('holidaysOf', { name: calendar.name })} size="lg" centered>
      <Stack gap="md">
        <form onSubmit={submit} noValidate aria-label={t('addHoliday')}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={t('holidayDate')}
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
              error={errors.date}
              required
              data-autofocus
            />
            <TextInput
              label={t('holidayName')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={HOLIDAY_NAME_MAX_LENGTH}
              error={errors.name}
              required
              style={{ flex: 1, minWidth: 160 }}
            />
            <Button type="submit" loading={add.isPending} mt={{ base: 0, xs: 24 }}>
              {t('addHoliday')}
            </Button>
          </Group>
        </form>
        <Group>
          <FileButton onChange={(file) => void importFile(file)} accept=".ics,text/calendar">
            {(props) => (
              <Button variant="default" loading={importing.isPending} {...props}>
                {t('importIcs')}
              </Button>
            )}
          </FileButton>
        </Group>
        {calendar.holidays.length === 0 ? (
          <Text c="dimmed">{t('noHolidays')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={280} mah={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('holidayDate')}</Table.Th>
                  <Table.Th>{t('holidayName')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {calendar.holidays.map((holiday) => (
                  <Table.Tr key={holiday.date}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDay(holiday.date)}</Table.Td>
                    <Table.Td>{holiday.name}</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('removeHoliday', { name: holiday.name, date: holiday.date })}
                        loading={remove.isPending && remove.variables.date === holiday.date}
                        onClick={() =>
                          remove.mutate(
                            { id: calendar.id, date: holiday.date },
                            { onSuccess: () => notifications.show({ message: t('holidayRemoved') }), onError: failed },
                          )
                        }
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
