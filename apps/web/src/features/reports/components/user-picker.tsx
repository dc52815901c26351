import { Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { displayNumber, type UserLookupItem } from '@switchboard/shared';
import { LoadError } from '../../../components/load-error.tsx';
import { useUserLookup } from '../../../entities/users.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { useLabels } from '../../../lib/labels.ts';
import { reportMessages } from '../messages.ts';

export type PickedUser = Pick<UserLookupItem, 'name' | 'product_number' | 'user_type'>;

export interface UserPickerProps {
  value: PickedUser | null;
  onChange: (user: PickedUser | null) => void;
  error?: string | undefined;
}

const labelOf = (user: PickedUser) => `${user.name} (${displayNumber(user.product_number)})`;

/** A searchable user field: the server finds at most 20 matches by name or number as the person types. */
export function UserPicker({ value, onChange, error }: UserPickerProps) {
  const t = useMessages(reportMessages);
  const labels = useLabels();
  const [search, setSearch] = useState(value ? labelOf(value) : '');
  const [query] = useDebouncedValue(search, 300);
  // The chosen user's label fills the field: it is no query.
  const lookup = useUserLookup(value && query === labelOf(value) ? '' : query);

  const users = useMemo(() => {
    const found = new Map<string, PickedUser>((lookup.data ?? []).map((user) => [user.product_number, user]));
    // The chosen user stays an option, so the field keeps showing it whatever the last search found.
    if (value) found.set(value.product_number, value);
    return found;
  }, [lookup.data, value]);

  // A failed search says so (with Retry) instead of "No users found", which would not be true.
  const failed = lookup.isError && !lookup.isFetching;

  return (
    <Stack gap={6}>
      <Select
        label={t('user')}
        placeholder={t('userPlaceholder')}
        data={[...users.values()].map((user) => ({ value: user.product_number, label: labelOf(user) }))}
        value={value?.product_number ?? null}
        onChange={(selected) => {
          const picked = selected ? (users.get(selected) ?? null) : null;
          onChange(picked);
          setSearch(picked ? labelOf(picked) : '');
        }}
        renderOption={({ option }) => (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {labels.userType(users.get(option.value)?.user_type ?? 'customer')}
            </Text>
          </Stack>
        )}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server has filtered already; the field must not filter its answer again by the label.
        filter={({ options }) => options}
        nothingFoundMessage={
          query.trim() && !failed ? (lookup.isFetching ? t('userSearching') : t('userNothingFound')) : undefined
        }
        rightSection={lookup.isFetching ? <Loader size={14} /> : undefined}
        clearable
        error={error}
      />
      {lookup.isError && (
        <LoadError
          error={lookup.error}
          fallback={t('fetchUsersFailed')}
          retrying={lookup.isFetching}
          onRetry={() => void lookup.refetch()}
        />
      )}
    </Stack>
  );
}
