/** The sentences of the number's history panel (DESIGN.md §12), in the interface's language. */
import type { IssuedTo, NumberHistoryEvent } from '@switchboard/shared';
import { translate } from '../../lib/i18n.ts';
import { currentLabels } from '../../lib/labels.ts';
import { ticketViewMessages } from './messages.ts';

/** How a holder reads: departments by their forward-target labels, the agent holder as "Agent". */
export function holderLabel(holder: IssuedTo): string {
  return currentLabels().holder(holder);
}

/** One event of the timeline as a sentence ("Forwarded from Customer Care to IPTSP: no signal"). */
export function eventText(event: NumberHistoryEvent): string {
  const say = (key: keyof typeof ticketViewMessages.english, values?: Record<string, string>) =>
    translate(ticketViewMessages, key, values);
  const name = event.by_name ? { name: event.by_name } : undefined;
  switch (event.kind) {
    case 'created':
      return name ? say('historyCreatedBy', name) : say('historyCreated');
    case 'forwarded': {
      const forwarded =
        event.from && event.to
          ? say('historyForwardedFromTo', { from: holderLabel(event.from), to: holderLabel(event.to) })
          : event.to
            ? say('historyForwardedTo', { to: holderLabel(event.to) })
            : say('historyForwarded');
      return event.cause ? say('historyWithCause', { event: forwarded, cause: event.cause }) : forwarded;
    }
    case 'resolved':
      return name ? say('historyResolvedBy', name) : say('historyResolved');
    case 'reopened':
      return name ? say('historyReopenedBy', name) : say('historyReopened');
    case 'commented':
      return name ? say('historyCommentBy', name) : say('historyComment');
  }
}
