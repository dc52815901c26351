import { Stack, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAfterFirstPaint } from '../lib/use-after-first-paint.ts';

/**
 * A Stack whose children mount once the screen has painted without them: its box (grid area,
 * width) is there from the start, so what is beside or above it does not move when they arrive.
 * For panels a person reads after the screen's main text, never for that text itself.
 */
export function StackAfterFirstPaint({ children, ...props }: StackProps & { children: ReactNode }) {
  const painted = useAfterFirstPaint();
  return <Stack {...props}>{painted ? children : null}</Stack>;
}
