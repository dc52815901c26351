/** What the Channels screen says of a channel, from the figures the server sends. */
import type { ChannelStatus } from '@switchboard/shared';

export type ChannelBadge = 'notSetUp' | 'connected' | 'notConnected' | 'receiving';

/**
 * The mail worker holds a session, so inbound e-mail is connected or not; the SMS gateway calls the
 * desk, so a set-up SMS channel is simply receiving.
 */
export function channelBadge(status: Pick<ChannelStatus, 'configured' | 'connected'>): ChannelBadge {
  if (!status.configured) return 'notSetUp';
  if (status.connected === null) return 'receiving';
  return status.connected ? 'connected' : 'notConnected';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now" in `locale`: the largest unit that fits, whole. */
export function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
