import { TextInput } from '@mantine/core';

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

/** A filter's start and end days (two date fields); an end may not precede the start. */
export function DateRangeInputs({ value, today, startLabel, endLabel, onChange }: DateRangeInputsProps) {
  return (
    <>
      <TextInput
        type="date"
        label={startLabel}
        value={value.start_date ?? ''}
        max={value.end_date ?? today}
        onChange={(event) => {
          const start = event.currentTarget.value || undefined;
          // An end before the new start would match nothing: drop it rather than show an empty list.
          onChange({
            start_date: start,
            ...(start && value.end_date && value.end_date < start ? { end_date: undefined } : {}),
          });
        }}
      />
      <TextInput
        type="date"
        label={endLabel}
        value={value.end_date ?? ''}
        min={value.start_date}
        max={today}
        onChange={(event) => onChange({ end_date: event.currentTarget.value || undefined })}
      />
    </>
  );
}
