import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ticketIdSchema, type Ticket, type TicketLink, type TicketLinksReply } from '@switchboard/shared';
import { useState, type FormEvent } from 'react';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { validateWith } from '../../lib/schema-form.ts';
import { StatusBadge } from '../status-badge.tsx';
import { ticketLinksMessages } from './messages.ts';

/** POST or DELETE /tickets/{id}/links; afterwards both tickets (and the lists) are read again. */
function useChangeLink(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, otherId }: { method: 'POST' | 'DELETE'; otherId: number }) =>
      apiRequest<TicketLinksReply>(`/tickets/${ticketId}/links`, { method, body: { ticket_id: otherId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

function LinkRow({ link, onRemove, busy }: { link: TicketLink; onRemove: () => void; busy: boolean }) {
  const t = useMessages(ticketLinksMessages);
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" data-testid="ticket-link">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Anchor
            size="sm"
            fw={600}
            renderRoot={(props) => <Link to="/view-ticket" search={{ id: link.ticket_id }} {...props} />}
          >
            {t('ticketNumber', { id: String(link.ticket_id) })}
          </Anchor>
          <StatusBadge status={link.ticket_status} size="sm" />
        </Group>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {link.title}
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('remove', { id: String(link.ticket_id) })}
        onClick={onRemove}
        disabled={busy}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

export interface LinksPanelProps {
  ticket: Pick<Ticket, 'ticket_id' | 'links'>;
}

/**
 * The ticket's related tickets (DESIGN.md §27), either way, newest link first: each opens its
 * ticket and can be removed; another is linked by its number, checked first with the endpoint's
 * own schema. Loaded lazily, for staff only.
 */
export default function LinksPanel({ ticket }: LinksPanelProps) {
  const t = useMessages(ticketLinksMessages);
  const change = useChangeLink(ticket.ticket_id);
  const [entry, setEntry] = useState('');
  const [error, setError] = useState<string | null>(null);
  const links = ticket.links ?? [];

  const run = (method: 'POST' | 'DELETE', otherId: number, done?: () => void) =>
    change.mutate(
      { method, otherId },
      {
        onSuccess: (reply) => {
          notifications.show({ color: 'green', message: reply.message });
          done?.();
        },
        onError: (failure) =>
          method === 'POST'
            ? setError(errorMessage(failure))
            : notifications.show({ color: 'red', message: errorMessage(failure) }),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The body's one field (ticketLinkBodySchema's ticket_id) checked by its own schema: the whole
    // body's would put links.schemas in a chunk of its own, which every route's start-up then names.
    const checked = validateWith(ticketIdSchema, entry.trim().replace(/^#/, ''));
    if (!checked.ok) {
      setError(Object.values(checked.errors).find(Boolean) ?? null);
      return;
    }
    setError(null);
    run('POST', checked.body, () => setEntry(''));
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="related-tickets-heading">
      <Stack gap="sm">
        <Title order={2} size="h5" id="related-tickets-heading">
          {t('heading')}
        </Title>
        {links.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {links.map((link) => (
              <LinkRow key={link.ticket_id} link={link} busy={change.isPending} onRemove={() => run('DELETE', link.ticket_id)} />
            ))}
          </Stack>
        )}
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('linkLabel')}
              placeholder={t('linkPlaceholder')}
              value={entry}
              onChange={(event) => setEntry(event.currentTarget.value)}
              error={error}
              inputMode="numeric"
              autoComplete="off"
              style={{ flex: 1 }}
              data-testid="link-ticket-input"
            />
            <Button type="submit" mt={25} variant="light" loading={change.isPending && change.variables?.method === 'POST'}>
              {t('link')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
