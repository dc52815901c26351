/**
 * A low rating told in the app (DESIGN.md §25): the server sends `ticket.rated_low` to the staff
 * who act for the ticket's holder, and whatever screen they are on a toast says so, with a link to
 * the ticket. The list's badge and the ticket view follow through their own listeners. Loaded
 * lazily by the signed-in layout, for staff only: nobody's first screen waits for it.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import type { LowRatingEventData } from '@switchboard/shared';
import type { MouseEvent } from 'react';
import { translate } from '../../lib/i18n.ts';
import { useLiveEvents } from '../../lib/live-events.ts';
import { layoutMessages } from './messages.ts';

/** A low rating stays on screen longer than the usual five seconds: somebody should act on it. */
const LOW_RATING_TOAST_MS = 15_000;

type Router = ReturnType<typeof useRouter>;

/** The toast's words and its link; the toasts' stack is outside the router, so the link navigates through `router`. */
export function LowRatingMessage({ data, router, onOpen }: { data: LowRatingEventData; router: Router; onOpen: () => void }) {
  const location = { to: '/view-ticket', search: { id: data.ticket_id } } as const;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen();
    void router.navigate(location);
  };
  return (
    <Stack gap={2}>
      <Text size="sm">{translate(layoutMessages, 'lowRatingToast', { id: String(data.ticket_id), score: data.score })}</Text>
      <Anchor size="sm" href={router.buildLocation(location).href} onClick={open}>
        {translate(layoutMessages, 'lowRatingOpen')}
      </Anchor>
    </Stack>
  );
}

/** Shows a toast for each low rating the stream brings (the server sends them to staff only). */
export default function LowRatingToasts(): null {
  const router = useRouter();
  useLiveEvents((event) => {
    if (event.event !== 'ticket.rated_low') return;
    const id = `rated-low-${event.data.ticket_id}`;
    notifications.show({
      id,
      color: 'red',
      autoClose: LOW_RATING_TOAST_MS,
      message: <LowRatingMessage data={event.data} router={router} onOpen={() => notifications.hide(id)} />,
    });
  });
  return null;
}
