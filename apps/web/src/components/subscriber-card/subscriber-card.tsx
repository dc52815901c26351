import { Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { displayNumber, type Language, type SubscriberCard as Card } from '@switchboard/shared';
import { useSubscriberCard } from '../../entities/subscribers.ts';
import { currentLanguage, useMessages } from '../../lib/i18n.ts';
import { subscriberCardMessages } from './messages.ts';

/** The area's name in the interface's language, its code when it has none. */
function areaName(card: Card, language: Language): string {
  const name = language === 'bn' ? card.area_name_bn : card.area_name_en;
  return name ? `${name} (${card.area_code})` : card.area_code;
}

/**
 * Who the directory says a number belongs to (staff only): name, area, plan, status, and the active
 * incident of its area. A number the directory does not know says so in one line; a failed look-up
 * shows nothing (the card is a note beside the ticket, not something to act on).
 */
export default function SubscriberCard({ number }: { number: string }) {
  const t = useMessages(subscriberCardMessages);
  const card = useSubscriberCard(number);
  if (card.isError) return null;
  if (!card.data)
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('cardLoading')}
      </Text>
    );
  const found = card.data.data;
  if (!found)
    return (
      <Text size="sm" c="dimmed" role="status" data-testid="subscriber-card">
        {t('cardUnknown')}
      </Text>
    );
  const incident = found.active_incident;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('cardTitle')} data-testid="subscriber-card">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {found.name}
        </Text>
        <Badge color={found.status === 'active' ? 'green' : 'gray'} variant="light">
          {found.status === 'active' ? t('statusActive') : t('statusSuspended')}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {displayNumber(found.number)}
      </Text>
      <Text size="sm" mt={4}>
        {t('cardArea')}: {areaName(found, currentLanguage())}
      </Text>
      <Text size="sm">
        {t('cardPlan')}: {found.plan}
      </Text>
      {incident && (
        <Group gap={6} mt={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle
            size={16}
            color="var(--mantine-color-orange-7)"
            aria-hidden
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="sm" c="orange.9">
            {t('cardIncident', { title: incident.title })}{' '}
            <Anchor
              size="sm"
              renderRoot={(props) => <Link to="/incidents/$id" params={{ id: String(incident.id) }} {...props} />}
            >
              {t('cardIncidentLink', { id: String(incident.id) })}
            </Anchor>
          </Text>
        </Group>
      )}
    </Paper>
  );
}
