import { TextInput, type TextInputProps } from '@mantine/core';

export interface PhoneNumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'inputMode'> {
  /** The digits typed after +88 (at most 11). */
  value: string;
  onDigits: (digits: string) => void;
}

/** A phone number after the fixed +88: only digits are kept, at most eleven (01XXXXXXXXX). */
export function PhoneNumberInput({ value, onDigits, ...props }: PhoneNumberInputProps) {
  return (
    <TextInput
      leftSection="+88"
      leftSectionWidth={44}
      inputMode="tel"
      value={value}
      onChange={(event) => onDigits(event.currentTarget.value.replace(/\D/g, '').slice(0, 11))}
      {...props}
    />
  );
}
