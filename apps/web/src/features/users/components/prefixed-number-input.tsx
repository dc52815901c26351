import { Text, TextInput, type TextInputProps } from '@mantine/core';

/** A number field with the fixed +88 prefix of the login screen: the value is what follows it. */
export function PrefixedNumberInput(props: Omit<TextInputProps, 'leftSection' | 'leftSectionWidth'>) {
  return (
    <TextInput
      inputMode="numeric"
      maxLength={14}
      {...props}
      leftSection={
        <Text component="span" size="sm" fw={500} c="dimmed">
          +88
        </Text>
      }
      leftSectionWidth={44}
    />
  );
}
