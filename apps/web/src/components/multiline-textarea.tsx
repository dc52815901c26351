import { Textarea, type TextareaProps } from '@mantine/core';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

export interface MultilineTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * A textarea where Enter inserts a newline (never submits) and Shift+Enter inserts a blank line
 * (spec §5: comments and the ticket description).
 */
export function MultilineTextarea({ value, onChange, onKeyDown, ...props }: MultilineTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);

  // The caret goes after the inserted lines once React has written the new value.
  useLayoutEffect(() => {
    if (caret.current === null || !ref.current) return;
    ref.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // A plain Enter is left to the browser, which inserts one newline; Shift+Enter inserts two.
    if (!event.shiftKey) return;
    event.preventDefault();
    const target = event.currentTarget;
    const start = target.selectionStart;
    const end = target.selectionEnd;
    caret.current = start + 2;
    onChange(`${value.slice(0, start)}\n\n${value.slice(end)}`);
  };

  return (
    <Textarea
      ref={ref}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={handleKeyDown}
      {...props}
    />
  );
}
