import { CloseButton, Input, InputBase, Loader, Popover } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { formatCalendarDay } from '../lib/dates.ts';
import { currentLanguage, useMessages } from '../lib/i18n.ts';
import { componentsMessages } from './messages.ts';

const DayCalendar = lazy(() => import('./day-calendar.tsx'));

export interface DayRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

export interface DateRangeInputsProps {
  value: DayRange;
  /** The provider's today (yyyy-MM-DD): neither day may pass it. */
  today: string;
  startLabel: string;
  endLabel: string;
  onChange: (change: DayRange) => void;
}

interface DayFieldProps {
  label: string;
  /** yyyy-MM-DD, or undefined when no day is chosen. */
  value: string | undefined;
  minDate?: string | undefined;
  maxDate: string;
  onChange: (day: string | undefined) => void;
}

/**
 * One day: a field showing the day as the interface's locale writes it (DESIGN.md §16), where a
 * browser's date field would show its own locale's mm/dd/yyyy, and a calendar in that language.
 */
function DayField({ label, value, minDate, maxDate, onChange }: DayFieldProps) {
  const t = useMessages(componentsMessages);
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <InputBase
          component="button"
          type="button"
          label={label}
          pointer
          leftSection={<IconCalendar size={16} />}
          onClick={() => setOpened((open) => !open)}
          aria-haspopup="dialog"
          aria-expanded={opened}
          rightSection={
            value ? (
              <CloseButton size="sm" aria-label={t('clearDate', { label })} onClick={() => onChange(undefined)} />
            ) : undefined
          }
          rightSectionPointerEvents={value ? 'all' : 'none'}
        >
          {value ? formatCalendarDay(value) : <Input.Placeholder>{t('datePlaceholder')}</Input.Placeholder>}
        </InputBase>
      </Popover.Target>
      <Popover.Dropdown>
        <Suspense fallback={<Loader size="sm" aria-label={t('datePlaceholder')} />}>
          <DayCalendar
            value={value ?? null}
            defaultDate={value ?? minDate ?? maxDate}
            minDate={minDate}
            maxDate={maxDate}
            locale={currentLanguage()}
            ariaLabels={{
              monthLevelControl: t('monthLevelControl'),
              yearLevelControl: t('yearLevelControl'),
              nextMonth: t('nextMonth'),
              previousMonth: t('previousMonth'),
              nextYear: t('nextYear'),
              previousYear: t('previousYear'),
              nextDecade: t('nextDecade'),
              previousDecade: t('previousDecade'),
            }}
            onChange={(day) => {
              onChange(day ?? undefined);
              setOpened(false);
            }}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A filter's start and end days; an end may not precede the start. The days travel as yyyy-MM-DD. */
export function DateRangeInputs({ value, today, startLabel, endLabel, onChange }: DateRangeInputsProps) {
  return (
    <>
      <DayField
        label={startLabel}
        value={value.start_date}
        maxDate={value.end_date ?? today}
        onChange={(start) =>
          // An end before the new start would match nothing: drop it rather than show an empty list.
          onChange({
            start_date: start,
            ...(start && value.end_date && value.end_date < start ? { end_date: undefined } : {}),
          })
        }
      />
      <DayField
        label={endLabel}
        value={value.end_date}
        minDate={value.start_date}
        maxDate={today}
        onChange={(end) => onChange({ end_date: end })}
      />
    </>
  );
}
