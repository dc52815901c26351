/** Tickets raised and solved per day as two lines (the figures are the panel's table of links). */
import { Stack } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { dashboardMessages } from '../messages.ts';
import { BottomLabel, ChartFrame, ChartLegend, CountAxis, countTicks, countY, PLOT, type ChartSeries } from './chart-frame.tsx';

type Day = Dashboard['per_day'][number];

const SERIES = [
  { key: 'perDayCreated', color: 'var(--mantine-color-blue-7)', count: (day: Day) => day.created },
  { key: 'perDayResolved', color: 'var(--mantine-color-teal-8)', count: (day: Day) => day.resolved },
] as const;

/** At most this many day labels under the plot, so that they never overlap. */
const DAY_LABELS = 6;

export function PerDayChart({ perDay }: { perDay: Dashboard['per_day'] }) {
  const t = useMessages(dashboardMessages);
  const series: readonly (ChartSeries & { count: (day: Day) => number })[] = SERIES.map((one) => ({ ...one, label: t(one.key) }));
  const total = (count: (day: Day) => number) => perDay.reduce((sum, day) => sum + count(day), 0);
  const first = perDay[0]?.day;
  const last = perDay.at(-1)?.day;
  const summary =
    first && last
      ? t('perDaySummary', { from: first, to: last, raised: total((day) => day.created), solved: total((day) => day.resolved) })
      : t('perDaySummaryEmpty');
  const ticks = countTicks(Math.max(0, ...perDay.flatMap((day) => series.map((one) => one.count(day)))));
  const top = ticks.at(-1) ?? 1;
  const x = (index: number) => PLOT.left + (perDay.length > 1 ? (index * PLOT.width) / (perDay.length - 1) : PLOT.width / 2);
  const labelEvery = Math.max(1, Math.ceil(perDay.length / DAY_LABELS));
  return (
    <Stack gap={4}>
      <ChartFrame summary={summary}>
        <CountAxis ticks={ticks} />
        {perDay.map((day, index) =>
          index % labelEvery === 0 ? (
            <BottomLabel key={day.day} x={x(index)}>
              {day.day.slice(5)}
            </BottomLabel>
          ) : null,
        )}
        {series.map((one) => (
          <g key={one.label} stroke={one.color} fill={one.color}>
            <path
              d={perDay.map((day, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${countY(one.count(day), top)}`).join(' ')}
              fill="none"
              strokeWidth={2}
            />
            {/* Points only where they can be told apart. */}
            {perDay.length <= 31 &&
              perDay.map((day, index) => <circle key={day.day} cx={x(index)} cy={countY(one.count(day), top)} r={2.5} />)}
          </g>
        ))}
      </ChartFrame>
      <ChartLegend series={series} />
    </Stack>
  );
}
