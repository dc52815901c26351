/** Each department's ratings as one bar of 100%: satisfied (4–5), fair (3) and low (1–2) stacked (the figures are the panel's links). */
import { Stack } from '@mantine/core';
import type { SatisfactionRow } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { percentOf } from '../figures.ts';
import { dashboardMessages } from '../messages.ts';
import { BottomLabel, ChartFrame, ChartLegend, CountAxis, countY, PLOT } from './chart-frame.tsx';

const PERCENT_TICKS = [0, 25, 50, 75, 100];
/** The share of a department's band that its bar fills. */
const BAR_SHARE = 0.5;

/** A department's ratings stacked from the bottom: satisfied (4–5), fair (3), low (1–2); each a share of 100. */
const SERIES = [
  { key: 'satisfactionSatisfied', color: 'var(--mantine-color-green-8)', count: (row: SatisfactionRow) => row.satisfied },
  {
    key: 'satisfactionFair',
    color: 'var(--mantine-color-gray-6)',
    count: (row: SatisfactionRow) => row.rated - row.satisfied - row.low,
  },
  { key: 'satisfactionLowSeries', color: 'var(--mantine-color-red-8)', count: (row: SatisfactionRow) => row.low },
] as const;

export function SatisfactionChart({ rows }: { rows: SatisfactionRow[] }) {
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  const shareText = (row: SatisfactionRow) => {
    const percent = percentOf(row.share);
    return percent === null ? t('satisfactionNone') : t('satisfactionShare', { share: percent });
  };
  const summary = t('satisfactionSummary', {
    rows: rows
      .map((row) => t('satisfactionSummaryRow', { department: labels.department(row.department), share: shareText(row) }))
      .join('; '),
  });
  const band = PLOT.width / Math.max(1, rows.length);
  return (
    <Stack gap={4}>
      <ChartFrame summary={summary}>
        <CountAxis ticks={PERCENT_TICKS} />
        {rows.map((row, index) => {
          const x = PLOT.left + index * band + (band * (1 - BAR_SHARE)) / 2;
          let below = 0;
          return (
            <g key={row.department}>
              {/* A department without ratings draws nothing; a part without ratings draws no sliver. */}
              {row.rated > 0 &&
                SERIES.map((one) => {
                  const percent = (one.count(row) / row.rated) * 100;
                  const bottom = countY(below, 100);
                  below += percent;
                  const top = countY(below, 100);
                  return percent > 0 ? (
                    <rect key={one.key} x={x} y={top} width={band * BAR_SHARE} height={bottom - top} fill={one.color} />
                  ) : null;
                })}
              <BottomLabel x={PLOT.left + (index + 0.5) * band}>{labels.department(row.department)}</BottomLabel>
            </g>
          );
        })}
      </ChartFrame>
      <ChartLegend series={SERIES.map((one) => ({ label: t(one.key), color: one.color }))} />
    </Stack>
  );
}
