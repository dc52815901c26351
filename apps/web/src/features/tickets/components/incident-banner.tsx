import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { IncidentSuggestion } from '@switchboard/shared';
import { Fragment, useState, type ReactNode } from 'react';
import { CreateIncidentDialog } from '../../../components/create-incident-dialog.tsx';
import { componentsMessages } from '../../../components/messages.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { useDismissSuggestion, useIncidentSuggestions } from '../../../entities/incidents.ts';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLiveEvents } from '../../../lib/live-events.ts';
import { ticketsMessages } from '../messages.ts';

/** Stands for the place in a translated sentence where the subgroup goes (a private-use character). */
const WHERE = '\u{F0000}';

/** A sentence with `where` (markup) put in its place. */
function withWhere(sentence: string, where: ReactNode): ReactNode {
  return sentence.split(WHERE).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && where}
      {part}
    </Fragment>
  ));
}

/**
 * Staff's banner above the ticket list: each burst of reports about one subgroup, with "Group as
 * an incident" (a second click, Confirm, creates it with those tickets) and "Not an incident",
 * which hides the burst for the viewer's department on every device until new reports come in.
 */
export default function IncidentBanner() {
  const t = useMessages(ticketsMessages);
  const labels = useLabels();
  const tc = useMessages(componentsMessages);
  const suggestions = useIncidentSuggestions(true);
  // A burst shows as it starts, not at the next minute's look.
  useLiveEvents((event) => {
    if (event.event === 'ticket.created') void suggestions.refetch();
  });
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<IncidentSuggestion | null>(null);
  const dismiss = useDismissSuggestion();
  const reply = suggestions.data;
  if (!reply || reply.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('incidentsLabel')}>
      {reply.data.map((suggestion) => (
        <Alert key={suggestion.sub_group_id} color="orange" variant="light" icon={<IconAlertTriangle size={20} />} p="sm">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500}>
              {withWhere(
                t('incidentBurst', { count: suggestion.ticket_count, where: WHERE, minutes: reply.window_minutes }),
                // Names are people's text: isolated, so that a direction override cannot turn the sentence around.
                <>
                  <bdi>{suggestion.group_name}</bdi> ›{' '}
                  <bdi>
                    {suggestion.sub_group_name
                      ? labels.subgroup({ sub_group_en: suggestion.sub_group_name, sub_group_bn: suggestion.sub_group_name_bn })
                      : ''}
                  </bdi>
                </>,
              )}
            </Text>
            <Group gap="xs">
              <Button size="xs" color="orange" onClick={() => setChosen(suggestion)}>
                {tc('createIncidentTitle')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="dark"
                title={tc('dismissSuggestionHint')}
                loading={dismiss.isPending && dismiss.variables === suggestion.sub_group_id}
                onClick={() =>
                  dismiss.mutate(suggestion.sub_group_id, {
                    onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message }),
                    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
                  })
                }
              >
                {tc('dismissSuggestion')}
              </Button>
            </Group>
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
