import { Badge, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MERGE_SEARCH_MAX_LENGTH, displayNumber, type MergeCandidate } from '@switchboard/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timing.ts';
import { useMergeCandidates } from './api.ts';
import { mergeMessages } from './messages.ts';

export interface MergeCandidatesProps {
  ticketId: number;
  chosen: MergeCandidate | null;
  onChoose: (candidate: MergeCandidate) => void;
}

/** The search and the tickets it finds, one to choose (a radio group: arrow keys move, Space chooses). */
export function MergeCandidates({ ticketId, chosen, onChoose }: MergeCandidatesProps) {
  const t = useMessages(mergeMessages);
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const candidates = useMergeCandidates(ticketId, settled);
  const rows = candidates.data?.data ?? [];
  const choose = (value: string) => {
    const found = rows.find((row) => String(row.ticket_id) === value);
    if (found) onChoose(found);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('mergeSearch')}
        description={t('mergeSearchHint')}
        value={search}
        maxLength={MERGE_SEARCH_MAX_LENGTH}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {candidates.isPending && <Text size="sm">{t('mergeLoading')}</Text>}
      {candidates.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(candidates.error)}
        </Text>
      )}
      {candidates.isSuccess && rows.length === 0 && <Text size="sm">{t('mergeNone')}</Text>}
      {rows.length > 0 && (
        <Radio.Group label={t('mergeIntro')} value={chosen ? String(chosen.ticket_id) : null} onChange={choose}>
          <Stack gap="xs" mt="xs">
            {rows.map((row) => (
              <Radio
                key={row.ticket_id}
                value={String(row.ticket_id)}
                label={t('mergeCandidate', { id: String(row.ticket_id), title: row.title })}
                description={
                  <Group gap={6} component="span">
                    <span>{displayNumber(row.problematic_number)}</span>
                    <Badge size="xs" variant="light" color={row.same_issuer ? 'blue' : 'gray'} component="span">
                      {row.same_issuer ? t('mergeSameCustomer') : t('mergeSameNumber')}
                    </Badge>
                  </Group>
                }
                data-testid="merge-candidate"
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
