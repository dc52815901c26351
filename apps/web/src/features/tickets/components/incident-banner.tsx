import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { IncidentSuggestion } from '@switchboard/shared';
import { useState, type ReactNode } from 'react';
import { CreateIncidentDialog, createIncidentMessages } from '../../../components/create-incident-dialog.tsx';
import { useIncidentSuggestions } from '../../../lib/incidents.ts';
import { useLiveEvents } from '../../../lib/live-events.ts';

export const incidentBannerMessages = {
  burst: (count: number, where: ReactNode, minutes: number) => (
    <>
      {count} tickets about {where} in the last {minutes} minutes
    </>
  ),
  label: 'Possible incidents',
} as const;

/**
 * Staff's banner above the ticket list: each burst of reports about one subgroup, with "Group as
 * an incident" (a second click, Confirm, creates it with those tickets).
 */
export default function IncidentBanner() {
  const suggestions = useIncidentSuggestions(true);
  // A burst shows as it starts, not at the next minute's look.
  useLiveEvents((event) => {
    if (event.event === 'ticket.created') void suggestions.refetch();
  });
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<IncidentSuggestion | null>(null);
  const reply = suggestions.data;
  if (!reply || reply.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={incidentBannerMessages.label}>
      {reply.data.map((suggestion) => (
        <Alert key={suggestion.sub_group_id} color="orange" variant="light" icon={<IconAlertTriangle size={20} />} p="sm">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500}>
              {incidentBannerMessages.burst(
                suggestion.ticket_count,
                // Names are people's text: isolated, so that a direction override cannot turn the sentence around.
                <>
                  <bdi>{suggestion.group_name}</bdi> › <bdi>{suggestion.sub_group_name ?? ''}</bdi>
                </>,
                reply.window_minutes,
              )}
            </Text>
            <Button size="xs" color="orange" onClick={() => setChosen(suggestion)}>
              {createIncidentMessages.title}
            </Button>
          </Group>
        </Alert>
      ))}
      {chosen && (
        <CreateIncidentDialog
          opened
          suggestion={chosen}
          onClose={() => setChosen(null)}
          onCreated={(id) => void navigate({ to: '/incidents/$id', params: { id: String(id) } })}
        />
      )}
    </Stack>
  );
}
