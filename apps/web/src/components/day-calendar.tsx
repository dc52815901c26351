/**
 * The calendar of a day field (date-range-inputs.tsx), loaded when a person first opens one: the
 * lists show their filters without the calendar's code.
 */
import '@mantine/dates/styles.css';
import { DatePicker, type DatePickerProps } from '@mantine/dates';
// The calendar's month and day names in Bangla.
import 'dayjs/locale/bn';

export default function DayCalendar(props: DatePickerProps<'default'>) {
  return <DatePicker {...props} />;
}
