/** The value shapes of the configuration's variables that are more than a number or a name (DESIGN.md §3). */
import { z } from 'zod';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@switchboard/shared';
import { parseDatabaseUrl } from './db/database-url.ts';

/** A setting the server cannot start with; the message names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** `sms,email`, `sms`, `email` or `off`: the channels that tell issuers of replies and resolutions. */
export const notifyChannels = z.string().transform((value, ctx): NotificationChannel[] => {
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  if (names.length === 1 && names[0] === 'off') return [];
  const channels = names.filter((name): name is NotificationChannel =>
    (NOTIFICATION_CHANNELS as readonly string[]).includes(name),
  );
  if (channels.length === names.length && new Set(channels).size === channels.length) return channels;
  ctx.issues.push({ code: 'custom', message: 'must be sms,email, sms, email or off', input: value });
  return z.NEVER;
});

/** Hours of the provider's day (TIMEZONE) broadcasts wait out: `22-8` is 22:00 to 08:00; `off` sends at any hour. */
export interface QuietHours {
  startHour: number;
  endHour: number;
}

export const quietHours = z
  .string()
  .default('22-8')
  .transform((value, ctx): QuietHours | null => {
    if (value.trim() === 'off') return null;
    const match = /^(\d{1,2})-(\d{1,2})$/.exec(value.trim());
    const [startHour, endHour] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
    if (!(startHour >= 0 && startHour <= 23 && endHour >= 0 && endHour <= 23 && startHour !== endHour)) {
      ctx.addIssue({ code: 'custom', message: 'two different hours 0–23 as START-END (22-8), or off' });
      return z.NEVER;
    }
    return { startHour, endHour };
  });

/** `redis://` or `rediss://`, a host, and no path but a logical database number (`/3`). */
export function isRedisUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const isRedis = url.protocol === 'redis:' || url.protocol === 'rediss:';
  return isRedis && url.hostname !== '' && url.search === '' && /^\/?\d{0,2}$/.test(url.pathname);
}

/** A PostgreSQL URL of one host or several (`postgres://h1:5432,h2:5432/db`); the value stays as written. */
export const databaseUrl = z.string().superRefine((value, ctx) => {
  try {
    parseDatabaseUrl(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
  }
});

/**
 * Production trusts a reverse proxy on the same machine by default. Trusting every peer would let
 * any client pick its own address with an X-Forwarded-For header and walk past every per-address
 * limit; a proxy elsewhere is named in TRUST_PROXY.
 */
export function trustProxyOf(value: string | undefined, isProduction: boolean): false | string {
  if (value === undefined || value.trim() === '') return isProduction ? 'loopback' : false;
  return ['off', 'false', 'none'].includes(value.trim().toLowerCase()) ? false : value.trim();
}
