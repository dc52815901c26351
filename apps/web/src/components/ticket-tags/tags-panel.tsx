import tagsValidation from '@switchboard/shared/messages/en/validation/tags.json';
import { Badge, Button, CloseButton, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { setTicketTagsBodySchema, TAGS_PER_TICKET_MAX, type Ticket } from '@switchboard/shared';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSetTicketTags, useTagSuggestions } from '../../entities/tags.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { validateWith } from '../../lib/schema-form.ts';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { ticketTagsMessages } from './messages.ts';

addValidationCatalog('tags', tagsValidation);

/** Suggestions are asked for once typing pauses this long. */
const SUGGEST_AFTER_MS = 250;
/** Suggestions shown under the field: a short row, most used first. */
const SUGGESTIONS_SHOWN = 6;

export interface TagsPanelProps {
  ticket: Pick<Ticket, 'ticket_id' | 'tags'>;
}

/** The tags in use that begin with what is typed, most used first, as buttons that add them. */
function Suggestions({ typed, taken, onPick }: { typed: string; taken: string[]; onPick: (tag: string) => void }) {
  const t = useMessages(ticketTagsMessages);
  const suggestions = useTagSuggestions(typed, typed.trim() !== '');
  const shown = (suggestions.data?.data ?? [])
    .filter((suggestion) => !taken.includes(suggestion.tag))
    .slice(0, SUGGESTIONS_SHOWN);
  if (typed.trim() === '' || shown.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-label={t('suggestionsLabel')}>
      {shown.map((suggestion) => (
        <Button
          key={suggestion.tag}
          size="compact-xs"
          variant="light"
          color="gray"
          tt="none"
          onClick={() => onPick(suggestion.tag)}
        >
          {t('suggestion', { tag: suggestion.tag, count: suggestion.tickets })}
        </Button>
      ))}
    </Group>
  );
}

/**
 * Staff's tags of the ticket (DESIGN.md §27): its tags with a remove button each, and a field that
 * adds one on Enter (or a comma), with the tags in use that begin with what is typed offered as
 * buttons. Each change saves the whole set, checked first with the endpoint's own schema. Built of
 * plain inputs and buttons, not a combobox: lazily loaded for staff only, and light.
 */
export default function TagsPanel({ ticket }: TagsPanelProps) {
  const t = useMessages(ticketTagsMessages);
  const save = useSetTicketTags(ticket.ticket_id);
  const [entry, setEntry] = useState('');
  const [typed] = useDebouncedValue(entry, SUGGEST_AFTER_MS);
  const [error, setError] = useState<string | null>(null);
  // The set being saved, shown at once; the ticket's own set again once it is read back (or the save fails).
  const [draft, setDraft] = useState<string[] | null>(null);
  const shown = draft ?? ticket.tags ?? [];

  const saveTags = (next: string[], after?: () => void) => {
    const checked = validateWith(setTicketTagsBodySchema, { tags: next });
    if (!checked.ok) {
      setError(Object.values(checked.errors).find(Boolean) ?? null);
      return;
    }
    setError(null);
    setDraft(checked.body.tags);
    after?.();
    save.mutate(
      { tags: checked.body.tags },
      {
        onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message }),
        onError: (failure) => setError(errorMessage(failure)),
        onSettled: () => setDraft(null),
      },
    );
  };
  const add = (tag: string) => saveTags([...shown, tag], () => setEntry(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (entry.trim() !== '') add(entry);
  };
  // A comma ends a tag, as it cannot be part of one.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ',' && entry.trim() !== '') {
      event.preventDefault();
      add(entry);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ticket-tags-heading">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" id="ticket-tags-heading">
            {t('heading')}
          </Title>
          {save.isPending && <Loader size="xs" aria-label={t('saving')} />}
        </Group>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        ) : (
          <Group gap={6} component="ul" aria-label={t('listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((tag) => (
              <Badge
                key={tag}
                component="li"
                variant="default"
                tt="none"
                radius="sm"
                size="lg"
                pr={2}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t('remove', { tag })}
                    onClick={() => saveTags(shown.filter((kept) => kept !== tag))}
                  />
                }
              >
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <form onSubmit={submit} noValidate>
          <TextInput
            label={t('addLabel')}
            description={t('description', { max: TAGS_PER_TICKET_MAX })}
            placeholder={t('placeholder')}
            value={entry}
            onChange={(event) => setEntry(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            error={error}
            autoComplete="off"
            style={{ flex: 1 }}
            data-testid="tag-input"
          />
        </form>
        <Suggestions typed={typed} taken={shown} onPick={add} />
      </Stack>
    </Paper>
  );
}
