import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { BULK_MAX_TICKETS, type BulkActionReply } from '@switchboard/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { fetchMatchingIds, type FetchListPage } from './bulk-api.ts';
import { bulkMessages } from './messages.ts';
import type { TicketSelectionState } from './use-ticket-selection.ts';
import { ACTIONS, BulkDialog, type Action, type BulkViewer } from './bulk-dialog.tsx';
import { BulkSummary } from './bulk-summary.tsx';

type Summary = BulkActionReply['data'];

export interface BulkActionBarProps {
  selection: TicketSelectionState;
  /** The tickets of the page on screen, and how many match the filters in all. */
  pageIds: number[];
  total: number;
  /** A page of the tickets matching the screen's filters, in its order: "Select all N matching" reads through them. */
  fetchPage: FetchListPage;
  viewer: BulkViewer;
}

/**
 * Staff's bulk action bar above the ticket list (DESIGN.md §30): how many tickets are selected,
 * "Select all N matching" when the filter matches more than the page, the actions, each confirmed
 * in a dialog, and the summary of the last one. Loaded lazily, for staff only.
 */
export default function BulkActionBar({ selection, pageIds, total, fetchPage, viewer }: BulkActionBarProps) {
  const t = useMessages(bulkMessages);
  const [action, setAction] = useState<Action | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [finding, setFinding] = useState<{ found: number; wanted: number } | null>(null);
  const [findError, setFindError] = useState<string | null>(null);
  const count = selection.ids.length;
  const wanted = Math.min(total, BULK_MAX_TICKETS);

  const selectMatching = async () => {
    setFindError(null);
    setFinding({ found: 0, wanted });
    try {
      const ids = await fetchMatchingIds(fetchPage, wanted, (found) => setFinding({ found, wanted }));
      selection.replace(ids);
    } catch (error) {
      setFindError(errorMessage(error));
    } finally {
      setFinding(null);
    }
  };

  return (
    <Stack gap="xs">
      {summary && <BulkSummary summary={summary} onDismiss={() => setSummary(null)} />}
      {count > 0 && (
        <Paper withBorder p="sm" component="section" aria-label={t('barLabel')} data-testid="bulk-bar">
          <Stack gap="xs">
            <Group gap="xs" justify="space-between">
              <Text size="sm" fw={600} aria-live="polite">
                {t('selected', { count })}
              </Text>
              <Group gap="xs">
                {total > pageIds.length && count < wanted && !finding && (
                  <Button size="compact-sm" variant="subtle" onClick={() => void selectMatching()}>
                    {total > BULK_MAX_TICKETS
                      ? t('selectFirstMatching', { max: BULK_MAX_TICKETS, total })
                      : t('selectMatching', { total })}
                  </Button>
                )}
                <Button size="compact-sm" variant="subtle" color="gray" onClick={selection.clear} disabled={finding !== null}>
                  {t('clearSelection')}
                </Button>
              </Group>
            </Group>
            {finding && (
              <Stack gap={4} role="status">
                <Text size="xs">{t('findingMatching', finding)}</Text>
                <Progress
                  value={(finding.found / Math.max(1, finding.wanted)) * 100}
                  aria-label={t('findingMatching', finding)}
                />
              </Stack>
            )}
            {findError && (
              <Text size="xs" c="red.8" role="alert">
                {findError}
              </Text>
            )}
            {selection.full && (
              <Text size="xs" c="dimmed">
                {t('full', { max: BULK_MAX_TICKETS })}
              </Text>
            )}
            <Group gap="xs">
              {ACTIONS.map((entry) => (
                <Button
                  key={entry.action}
                  size="xs"
                  variant={entry.action === 'resolve' ? 'filled' : 'light'}
                  disabled={finding !== null}
                  onClick={() => setAction(entry.action)}
                >
                  {t(entry.label)}
                </Button>
              ))}
            </Group>
          </Stack>
        </Paper>
      )}
      {action && (
        <BulkDialog
          action={action}
          ids={selection.ids}
          viewer={viewer}
          onClose={() => setAction(null)}
          onDone={(outcome) => {
            setAction(null);
            selection.clear();
            setSummary(outcome);
          }}
        />
      )}
    </Stack>
  );
}
