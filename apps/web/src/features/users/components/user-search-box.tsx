import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { USER_SEARCH_MAX_LENGTH } from '@switchboard/shared';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timing.ts';
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../../../lib/i18n.ts';
import { usersMessages } from '../messages.ts';

export interface UserSearchBoxProps {
  /** The search the table shows (from the URL). */
  applied: string;
  onSearch: (q: string) => void;
}

/**
 * The search of the users table: typing searches by itself after the same quiet time as the
 * ticket search, so that the server is not asked at every key; Enter searches at once.
 */
export function UserSearchBox({ applied, onSearch }: UserSearchBoxProps) {
  const t = useMessages(usersMessages);
  const [text, setText] = useState(applied);
  const [seen, setSeen] = useState(applied);
  const typed = useRef(false);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  // The applied search changed elsewhere (back button): show it in the field.
  if (seen !== applied) {
    setSeen(applied);
    if (text.trim() !== applied) setText(applied);
  }

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      onSearchRef.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextInput
      aria-label={t('searchLabel')}
      placeholder={t('searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={text}
      maxLength={USER_SEARCH_MAX_LENGTH}
      onChange={(event) => {
        typed.current = true;
        setText(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        typed.current = false;
        onSearch(text.trim());
      }}
      maw={360}
    />
  );
}
