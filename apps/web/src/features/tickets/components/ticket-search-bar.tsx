import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { TEXT_SEARCH_MAX_LENGTH, TEXT_SEARCH_MIN_LENGTH } from '@switchboard/shared';
import { PhoneNumberInput } from '../../../components/phone-number-input.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timing.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketsMessages } from '../messages.ts';

export interface TicketSearchValues {
  ticket_id?: number;
  problematic_number?: string;
  /** Words or parts of words of the title, description or comments (DESIGN.md §19). */
  q?: string;
}

export interface TicketSearchBarProps {
  /** Staff search by ticket id too; agents only by problematic number (spec §6). */
  withTicketId: boolean;
  /** Customers search by text only; everyone else by number too. */
  withNumber?: boolean;
  withText?: boolean;
  applied: TicketSearchValues;
  onSearch: (values: TicketSearchValues) => void;
  /** Without it the bar has no Clear of its own (a customer's one Clear sits beside the status). */
  onClear?: () => void;
  /** Whether anything at all is filtered, so that Clear has something to do. */
  canClear?: boolean;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** The text to search for: trimmed, and none until it has the three characters the server needs. */
export function searchTextOf(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= TEXT_SEARCH_MIN_LENGTH ? trimmed : undefined;
}

function valuesOf(ticketIdText: string, numberText: string, text = ''): TicketSearchValues {
  const ticketId = Number(ticketIdText);
  return {
    ticket_id: ticketIdText && Number.isSafeInteger(ticketId) && ticketId > 0 ? ticketId : undefined,
    problematic_number: numberText || undefined,
    q: searchTextOf(text),
  };
}

/** The spec's rule: Search is disabled when ticket id, problematic number and text are all empty. */
export function canSearch(ticketIdText: string, numberText: string, text = ''): boolean {
  return ticketIdText.trim() !== '' || numberText.trim() !== '' || searchTextOf(text) !== undefined;
}

/**
 * Search by ticket id and problematic number. Typing searches by itself after 700 ms of quiet
 * (spec §9); the Search button searches at once.
 */
export function TicketSearchBar({
  withTicketId,
  withNumber = true,
  withText = false,
  applied,
  onSearch,
  onClear,
  canClear,
}: TicketSearchBarProps) {
  const t = useMessages(ticketsMessages);
  const [ticketIdText, setTicketIdText] = useState(applied.ticket_id ? String(applied.ticket_id) : '');
  const [numberText, setNumberText] = useState(applied.problematic_number ?? '');
  const [text, setText] = useState(applied.q ?? '');
  const [seen, setSeen] = useState(applied);
  const typed = useRef(false);

  // The applied search changed elsewhere (Clear, back button): show it in the fields.
  if (seen.ticket_id !== applied.ticket_id || seen.problematic_number !== applied.problematic_number || seen.q !== applied.q) {
    setSeen(applied);
    const current = valuesOf(ticketIdText, numberText, text);
    if (current.ticket_id !== applied.ticket_id || current.problematic_number !== applied.problematic_number) {
      setTicketIdText(applied.ticket_id ? String(applied.ticket_id) : '');
      setNumberText(applied.problematic_number ?? '');
    }
    if (current.q !== applied.q) setText(applied.q ?? '');
  }

  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      // The Search button may have searched meanwhile.
      if (!typed.current) return;
      typed.current = false;
      onSearchRef.current(valuesOf(ticketIdText, numberText, text));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [ticketIdText, numberText, text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSearch(ticketIdText, numberText, text)) return;
    typed.current = false;
    onSearch(valuesOf(ticketIdText, numberText, text));
  };

  return (
    <form onSubmit={submit} role="search" aria-label={t('searchLabel')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {withTicketId && (
          <TextInput
            label={t('ticketId')}
            placeholder={t('ticketIdPlaceholder')}
            inputMode="numeric"
            value={ticketIdText}
            onChange={(event) => {
              typed.current = true;
              setTicketIdText(digitsOnly(event.currentTarget.value).slice(0, 15));
            }}
            w={{ base: '100%', xs: 160 }}
          />
        )}
        {withText && (
          <TextInput
            label={t('searchText')}
            placeholder={t('searchTextPlaceholder')}
            type="search"
            value={text}
            maxLength={TEXT_SEARCH_MAX_LENGTH}
            onChange={(event) => {
              typed.current = true;
              setText(event.currentTarget.value);
            }}
            // Wide enough for its placeholder in either language; it takes the row's spare room.
            w={{ base: '100%', xs: 'auto' }}
            flex={{ base: 'none', xs: '1 1 340px' }}
          />
        )}
        {withNumber && (
          <PhoneNumberInput
            label={t('problematicNumber')}
            placeholder={t('problematicNumberPlaceholder')}
            value={numberText}
            onDigits={(digits) => {
              typed.current = true;
              setNumberText(digits);
            }}
            w={{ base: '100%', xs: 220 }}
          />
        )}
        <Group gap="sm" wrap="nowrap">
          <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!canSearch(ticketIdText, numberText, text)}>
            {t('search')}
          </Button>
          {onClear && (
            <Button variant="default" leftSection={<IconX size={16} />} onClick={onClear} disabled={!canClear}>
              {t('clearFilters')}
            </Button>
          )}
        </Group>
      </Group>
    </form>
  );
}
