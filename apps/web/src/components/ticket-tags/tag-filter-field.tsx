import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTagSuggestions } from '../../entities/tags.ts';
import { useMessages } from '../../lib/i18n.ts';
import { ticketTagsMessages } from './messages.ts';

/** Suggestions are asked for once typing pauses this long. */
const SUGGEST_AFTER_MS = 250;

export interface TagFilterFieldProps {
  /** The tag of the list's `tag=`, normalised. */
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
}

/**
 * The ticket list's Tag filter (DESIGN.md §27): a searchable choice among the tags in use, most
 * used first, asked for as one types. Staff only, loaded lazily with the filters.
 */
export default function TagFilterField({ value, onChange }: TagFilterFieldProps) {
  const t = useMessages(ticketTagsMessages);
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, SUGGEST_AFTER_MS);
  // While a tag is chosen the field shows it as its search text: suggestions then start from the whole list.
  const suggestions = useTagSuggestions(typed === value ? '' : typed);
  const tags = (suggestions.data?.data ?? []).map((suggestion) => suggestion.tag);
  // The URL's tag stays a choice even when it is no longer among the suggestions.
  const data = value === undefined || tags.includes(value) ? tags : [value, ...tags];
  return (
    <Select
      label={t('filterLabel')}
      placeholder={t('filterPlaceholder')}
      data={data}
      value={value ?? null}
      onChange={(chosen) => onChange(chosen ?? undefined)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server's suggestions are the matches: Select's own filter would hide none of them anyway.
      filter={({ options }) => options}
      nothingFoundMessage={t('nothingFound')}
      clearable
      data-testid="tag-filter"
    />
  );
}
