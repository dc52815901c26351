/** Each department's unsolved tickets as grouped bars (the figures are the panel's table of links). */
import { Stack } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { departmentLabel } from '../figures.ts';
import { dashboardMessages as m } from '../messages.ts';
import { BottomLabel, ChartFrame, ChartLegend, CountAxis, countTicks, countY, PLOT, type ChartSeries } from './chart-frame.tsx';

type Row = Dashboard['backlog'][number];

const SERIES: readonly (ChartSeries & { count: (row: Row) => number })[] = [
  { label: m.backlog.open, color: 'var(--mantine-color-blue-7)', count: (row) => row.open },
  { label: m.backlog.inProgress, color: 'var(--mantine-color-orange-9)', count: (row) => row.in_progress },
  { label: m.backlog.overdue, color: 'var(--mantine-color-red-8)', count: (row) => row.overdue },
];

/** The share of a department's band that its bars fill; the rest keeps the groups apart. */
const BARS_SHARE = 0.7;

export function BacklogChart({ backlog }: { backlog: Dashboard['backlog'] }) {
  const ticks = countTicks(Math.max(0, ...backlog.flatMap((row) => SERIES.map((series) => series.count(row)))));
  const top = ticks.at(-1) ?? 1;
  const band = PLOT.width / Math.max(1, backlog.length);
  const barWidth = (band * BARS_SHARE) / SERIES.length;
  const bottom = countY(0, top);
  return (
    <Stack gap={4}>
      <ChartFrame summary={m.backlog.summary(backlog.map((row) => ({ ...row, label: departmentLabel(row.department) })))}>
        <CountAxis ticks={ticks} />
        {backlog.map((row, index) => {
          const start = PLOT.left + index * band + (band * (1 - BARS_SHARE)) / 2;
          return (
            <g key={row.department}>
              {SERIES.map((series, position) => {
                const y = countY(series.count(row), top);
                // A zero draws nothing rather than a sliver that reads as a small count.
                return series.count(row) > 0 ? (
                  <rect
                    key={series.label}
                    x={start + position * barWidth}
                    y={y}
                    width={barWidth - 2}
                    height={bottom - y}
                    fill={series.color}
                  />
                ) : null;
              })}
              <BottomLabel x={PLOT.left + (index + 0.5) * band}>{departmentLabel(row.department)}</BottomLabel>
            </g>
          );
        })}
      </ChartFrame>
      <ChartLegend series={SERIES} />
    </Stack>
  );
}
