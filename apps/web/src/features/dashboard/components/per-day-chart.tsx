/** Tickets raised and solved per day as two lines (the figures are the panel's table of links). */
import { Stack } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { dashboardMessages as m } from '../messages.ts';
import { BottomLabel, ChartFrame, ChartLegend, CountAxis, countTicks, countY, PLOT, type ChartSeries } from './chart-frame.tsx';

type Day = Dashboard['per_day'][number];

const SERIES: readonly (ChartSeries & { count: (day: Day) => number })[] = [
  { label: m.perDay.created, color: 'var(--mantine-color-blue-7)', count: (day) => day.created },
  { label: m.perDay.resolved, color: 'var(--mantine-color-teal-8)', count: (day) => day.resolved },
];

/** At most this many day labels under the plot, so that they never overlap. */
const DAY_LABELS = 6;

export function PerDayChart({ perDay }: { perDay: Dashboard['per_day'] }) {
  const ticks = countTicks(Math.max(0, ...perDay.flatMap((day) => SERIES.map((series) => series.count(day)))));
  const top = ticks.at(-1) ?? 1;
  const x = (index: number) => PLOT.left + (perDay.length > 1 ? (index * PLOT.width) / (perDay.length - 1) : PLOT.width / 2);
  const labelEvery = Math.max(1, Math.ceil(perDay.length / DAY_LABELS));
  return (
    <Stack gap={4}>
      <ChartFrame summary={m.perDay.summary(perDay)}>
        <CountAxis ticks={ticks} />
        {perDay.map((day, index) =>
          index % labelEvery === 0 ? (
            <BottomLabel key={day.day} x={x(index)}>
              {day.day.slice(5)}
            </BottomLabel>
          ) : null,
        )}
        {SERIES.map((series) => (
          <g key={series.label} stroke={series.color} fill={series.color}>
            <path
              d={perDay.map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${countY(series.count(day), top)}`).join(' ')}
              fill="none"
              strokeWidth={2}
            />
            {/* Points only where they can be told apart. */}
            {perDay.length <= 31 &&
              perDay.map((day, index) => <circle key={day.day} cx={x(index)} cy={countY(series.count(day), top)} r={2.5} />)}
          </g>
        ))}
      </ChartFrame>
      <ChartLegend series={SERIES} />
    </Stack>
  );
}
