import { Button, Loader, NavLink, Popover, ScrollArea, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessageDots, IconSearch } from '@tabler/icons-react';
import { cannedReplyText, fillCannedReply, PAGE_SIZE, type CannedReply } from '@switchboard/shared';
import { lazy, Suspense, useState } from 'react';
import { useTicket } from '../api/ticket.ts';
import { useCannedReplies } from '../../../entities/canned-replies.ts';
import { useMessages } from '../../../lib/i18n.ts';
import { ticketViewMessages } from '../messages.ts';

export interface InsertReplyPickerProps {
  ticketId: number;
  disabled?: boolean;
  /** Receives the reply's text with the ticket's values in place of the placeholders, or an article's link. */
  onInsert: (text: string) => void;
}

/** The reader's language as the page declares it (`<html lang>`); English unless it says Bangla. */
function readerLanguage(): string {
  return document.documentElement.lang.toLowerCase().startsWith('bn') ? 'bn' : 'en';
}

type PickerKind = 'replies' | 'articles';

// Loaded when Help articles is chosen: the picker's chunk stays within its budget.
const ArticleLinkList = lazy(async () => ({ default: (await import('./article-link-list.tsx')).ArticleLinkList }));

/**
 * "Insert reply" on the comment form (staff): a search over the canned replies the viewer may use
 * (the first 10 matches, by title) and one click to insert a reply, filled from the ticket; or,
 * under Help articles, a search of the public articles to insert one's title and link.
 */
export function InsertReplyPicker({ ticketId, disabled, onInsert }: InsertReplyPickerProps) {
  const t = useMessages(ticketViewMessages);
  const [opened, setOpened] = useState(false);
  const [kind, setKind] = useState<PickerKind>('replies');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const ticket = useTicket(ticketId).data;
  const list = useCannedReplies(q, 1, opened && kind === 'replies');
  const rows = list.data?.data ?? [];

  const close = () => {
    setOpened(false);
    setSearch('');
  };

  const insert = (reply: CannedReply) => {
    if (!ticket) return;
    const language = readerLanguage();
    const body = cannedReplyText(reply, language);
    // A customer without a name of their own is greeted in the words of the body's language.
    const inReadersLanguage = language === 'en' || body === reply.body_bn;
    onInsert(
      fillCannedReply(
        body,
        { ticket_id: ticket.ticket_id, customer_name: ticket.issuer_name, number: ticket.problematic_number },
        inReadersLanguage ? t('replyUnnamedCustomer') : undefined,
      ),
    );
    close();
  };

  const insertLink = (text: string) => {
    onInsert(text);
    close();
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={360} shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Button
          type="button"
          variant="light"
          size="xs"
          leftSection={<IconMessageDots size={16} />}
          onClick={() => setOpened((open) => !open)}
          disabled={disabled || !ticket}
          aria-expanded={opened}
        >
          {t('replyPickerOpen')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <SegmentedControl
          size="xs"
          fullWidth
          mb="xs"
          aria-label={t('replyPickerKind')}
          value={kind}
          onChange={(value) => setKind(value)}
          data={[
            { value: 'replies', label: t('replyPickerReplies') },
            { value: 'articles', label: t('replyPickerArticles') },
          ]}
        />
        {kind === 'articles' ? (
          <Suspense fallback={<Loader size="xs" aria-label={t('articlePickerLoading')} />}>
            <ArticleLinkList language={readerLanguage()} onInsert={insertLink} />
          </Suspense>
        ) : (
          <Stack gap="xs" role="group" aria-label={t('replyPickerLabel')}>
            <TextInput
              aria-label={t('replyPickerSearch')}
              placeholder={t('replyPickerSearch')}
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              size="xs"
              data-autofocus
            />
            {list.isPending ? (
              <Loader size="xs" aria-label={t('replyPickerLoading')} />
            ) : rows.length === 0 ? (
              <Text size="sm" c="dimmed" role="status">
                {t('replyPickerNone')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={280}>
                {rows.map((reply) => (
                  <NavLink
                    key={reply.id}
                    component="button"
                    type="button"
                    label={reply.title}
                    description={
                      <Text component="span" size="xs" c="dimmed" lineClamp={2}>
                        {cannedReplyText(reply, readerLanguage())}
                      </Text>
                    }
                    onClick={() => insert(reply)}
                  />
                ))}
              </ScrollArea.Autosize>
            )}
            {(list.data?.total ?? 0) > PAGE_SIZE && (
              <Text size="xs" c="dimmed">
                {t('replyPickerMore', { total: list.data?.total ?? 0 })}
              </Text>
            )}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
