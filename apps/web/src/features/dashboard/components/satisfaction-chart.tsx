/** Each department's share of satisfied ratings (4 or 5) as bars on a 0–100% axis (the figures are the panel's links). */
import { Stack } from '@mantine/core';
import type { SatisfactionRow } from '@switchboard/shared';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { percentOf } from '../figures.ts';
import { dashboardMessages } from '../messages.ts';
import { BottomLabel, ChartFrame, ChartLegend, CountAxis, countY, PLOT } from './chart-frame.tsx';

const PERCENT_TICKS = [0, 25, 50, 75, 100];
const SATISFIED_COLOR = 'var(--mantine-color-green-8)';
/** The share of a department's band that its bar fills. */
const BAR_SHARE = 0.5;

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
  const bottom = countY(0, 100);
  return (
    <Stack gap={4}>
      <ChartFrame summary={summary}>
        <CountAxis ticks={PERCENT_TICKS} />
        {rows.map((row, index) => {
          const percent = percentOf(row.share);
          const y = countY(percent ?? 0, 100);
          return (
            <g key={row.department}>
              {/* No ratings, or none satisfied, draws nothing rather than a sliver. */}
              {percent !== null && percent > 0 && (
                <rect
                  x={PLOT.left + index * band + (band * (1 - BAR_SHARE)) / 2}
                  y={y}
                  width={band * BAR_SHARE}
                  height={bottom - y}
                  fill={SATISFIED_COLOR}
                />
              )}
              <BottomLabel x={PLOT.left + (index + 0.5) * band}>{labels.department(row.department)}</BottomLabel>
            </g>
          );
        })}
      </ChartFrame>
      <ChartLegend series={[{ label: t('satisfactionSatisfied'), color: SATISFIED_COLOR }]} />
    </Stack>
  );
}
