import tagsValidation from '@switchboard/shared/messages/en/validation/tags.json';
import { Loader, Paper, TagsInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { setTicketTagsBodySchema, TAGS_PER_TICKET_MAX, type Ticket } from '@switchboard/shared';
import { useState } from 'react';
import { useSetTicketTags, useTagSuggestions } from '../../entities/tags.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n.ts';
import { validateWith } from '../../lib/schema-form.ts';
import { addValidationCatalog } from '../../lib/schema-messages.ts';
import { ticketTagsMessages } from './messages.ts';

addValidationCatalog('tags', tagsValidation);

/** Suggestions are asked for once typing pauses this long. */
const SUGGEST_AFTER_MS = 250;

export interface TagsPanelProps {
  ticket: Pick<Ticket, 'ticket_id' | 'tags'>;
}

/**
 * Staff's tags of the ticket (DESIGN.md §27): a tags field that saves each change, checked first
 * with the endpoint's own schema, and suggests the tags in use as one types. Loaded lazily, for
 * staff only.
 */
export default function TagsPanel({ ticket }: TagsPanelProps) {
  const t = useMessages(ticketTagsMessages);
  const save = useSetTicketTags(ticket.ticket_id);
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, SUGGEST_AFTER_MS);
  const suggestions = useTagSuggestions(typed);
  const [error, setError] = useState<string | null>(null);
  // The set being saved, shown at once; the ticket's own set again once it is read back (or the save fails).
  const [draft, setDraft] = useState<string[] | null>(null);
  const saved = ticket.tags ?? [];
  const shown = draft ?? saved;

  const change = (next: string[]) => {
    const checked = validateWith(setTicketTagsBodySchema, { tags: next });
    if (!checked.ok) {
      setError(Object.values(checked.errors).find(Boolean) ?? null);
      return;
    }
    setError(null);
    setDraft(checked.body.tags);
    save.mutate(
      { tags: checked.body.tags },
      {
        onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message }),
        onError: (failure) => setError(errorMessage(failure)),
        onSettled: () => setDraft(null),
      },
    );
  };

  const inUse = (suggestions.data?.data ?? []).filter((suggestion) => !shown.includes(suggestion.tag));
  const uses = new Map(inUse.map((suggestion) => [suggestion.tag, suggestion.tickets]));
  return (
    <Paper withBorder p="md" component="section" aria-label={t('heading')}>
      <TagsInput
        label={
          <Title order={2} size="h5" component="span">
            {t('heading')}
          </Title>
        }
        description={t('description', { max: TAGS_PER_TICKET_MAX })}
        placeholder={shown.length < TAGS_PER_TICKET_MAX ? t('placeholder') : undefined}
        value={shown}
        onChange={change}
        data={inUse.map((suggestion) => suggestion.tag)}
        renderOption={({ option }) => t('suggestion', { tag: option.value, count: uses.get(option.value) ?? 0 })}
        searchValue={search}
        onSearchChange={setSearch}
        error={error}
        splitChars={[',']}
        clearable
        rightSection={save.isPending ? <Loader size="xs" aria-label={t('saving')} /> : undefined}
        comboboxProps={{ withinPortal: true }}
        data-testid="tags-input"
      />
    </Paper>
  );
}
