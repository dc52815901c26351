/**
 * What the dashboard's two charts share: the drawing area (a viewBox, so a chart takes the width of
 * its panel), the count axis with its grid lines, and the legend.
 */
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export const CHART = { width: 640, height: 240 } as const;
/** The plot inside the frame: room on the left for the counts, below for the days or departments. */
export const PLOT = { left: 44, top: 12, width: CHART.width - 44 - 12, height: CHART.height - 12 - 32 } as const;
const LABEL = { fontSize: 12, fill: 'var(--mantine-color-text)' } as const;

export interface ChartSeries {
  label: string;
  /** A Mantine theme colour (CSS variable) dark enough for 3:1 against the panel. */
  color: string;
}

/**
 * Ticks for a count axis from 0: steps of 1, 2 or 5 times a power of ten (whole numbers), about
 * `count` of them, the last at or above `max`.
 */
export function countTicks(max: number, count = 4): number[] {
  const rough = Math.max(max, 1) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? rough);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/** The y position of a count on an axis whose ticks end at `top`. */
export const countY = (value: number, top: number) => PLOT.top + PLOT.height * (1 - value / top);

/** The drawing itself: an image to assistive technology, named by `summary`; the figures are in the panel's links. */
export function ChartFrame({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <svg role="img" aria-label={summary} viewBox={`0 0 ${CHART.width} ${CHART.height}`} width="100%" style={{ display: 'block' }}>
      {children}
    </svg>
  );
}

/** Grid lines and labels of the count axis. */
export function CountAxis({ ticks }: { ticks: number[] }) {
  const top = ticks.at(-1) ?? 1;
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={PLOT.left}
            x2={PLOT.left + PLOT.width}
            y1={countY(tick, top)}
            y2={countY(tick, top)}
            stroke="var(--mantine-color-default-border)"
          />
          <text x={PLOT.left - 8} y={countY(tick, top)} textAnchor="end" dominantBaseline="middle" {...LABEL}>
            {tick}
          </text>
        </g>
      ))}
    </g>
  );
}

/** A label under the plot, centred on `x`. */
export function BottomLabel({ x, children }: { x: number; children: ReactNode }) {
  return (
    <text x={x} y={PLOT.top + PLOT.height + 20} textAnchor="middle" {...LABEL}>
      {children}
    </text>
  );
}

export function ChartLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <Group gap="md" justify="center">
      {series.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <span style={{ width: 12, height: 12, borderRadius: 2, background: item.color, display: 'inline-block' }} />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
