/** The outcome of a bulk action, shown above the list until dismissed. */
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { BulkActionReply } from '@switchboard/shared';
import { useEffect, useRef } from 'react';
import { useMessages } from '../../../lib/i18n.ts';
import { bulkMessages } from './messages.ts';

type Summary = BulkActionReply['data'];

/** What the last bulk action did: the count done, and each refused ticket (linked) with the reason. */
export function BulkSummary({ summary, onDismiss }: { summary: Summary; onDismiss: () => void }) {
  const t = useMessages(bulkMessages);
  const ref = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land on the outcome, since the dialog that held focus is gone.
  useEffect(() => ref.current?.focus(), [summary]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="status"
      color={summary.refused.length > 0 ? 'orange' : 'green'}
      variant="light"
      title={t('summaryTitle')}
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={onDismiss}
      data-testid="bulk-summary"
    >
      <Stack gap={6}>
        <Text size="sm">{t('summaryDone', { count: summary.done.length })}</Text>
        {summary.refused.length > 0 && (
          <>
            <Text size="sm" fw={500}>
              {t('summaryRefused', { count: summary.refused.length })}
            </Text>
            <List size="sm" spacing={4}>
              {summary.refused.map((refusal) => (
                <List.Item key={refusal.ticket_id} data-testid="bulk-refused">
                  <Anchor
                    fw={600}
                    // Dark enough on the alert's tint for AA contrast; underlined, as the only link in the text.
                    c="blue.9"
                    underline="always"
                    renderRoot={(props) => <Link to="/view-ticket" search={{ id: refusal.ticket_id }} {...props} />}
                  >
                    {t('refusedTicket', { id: String(refusal.ticket_id) })}
                  </Anchor>
                  {': '}
                  {refusal.message}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}
