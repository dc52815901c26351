import { Text } from '@mantine/core';
import type { Dashboard } from '@switchboard/shared';
import { formatMinutes, listOf } from '../figures.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { dashboardMessages } from '../messages.ts';
import { TicketsLink } from './figure-link.tsx';
import { FigurePanel, FigureTable } from './figure-panel.tsx';

/** Median minutes to the first reply and to resolve, per department; each opens that department's tickets. */
export function TimesPanel({ times }: { times: Dashboard['times'] }) {
  const t = useMessages(dashboardMessages);
  const labels = useLabels();
  return (
    <FigurePanel title={t('timesTitle')}>
      <FigureTable
        columns={[t('department'), t('timesFirstReply'), t('timesResolve')]}
        rows={times}
        keyOf={(row) => row.department}
        cells={(row) => [
          labels.department(row.department),
          <TicketsLink search={listOf({ issued_to: row.department })}>
            {formatMinutes(row.median_first_reply_minutes, t) ?? t('timesNone')}
          </TicketsLink>,
          <TicketsLink search={listOf({ issued_to: row.department, status: 'closed' })}>
            {formatMinutes(row.median_resolve_minutes, t) ?? t('timesNone')}
          </TicketsLink>,
        ]}
      />
      <Text size="xs" c="dimmed">
        {t('timesNote')}
      </Text>
    </FigurePanel>
  );
}
