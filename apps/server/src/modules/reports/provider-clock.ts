/**
 * Spreadsheet dates have no time zone: a cell holds a wall-clock reading. Reports show the
 * provider's wall clock (TIMEZONE), so an instant is shifted by the zone's offset at that instant.
 */

/** Zone offsets change at most at quarter hours, so one lookup per quarter hour is exact. */
const BUCKET_MS = 15 * 60 * 1000;

export interface ProviderClock {
  /** The provider's wall-clock reading of an instant, as a Date whose UTC fields carry it (what a cell stores). */
  wallClock(instant: Date): Date;
  /** The calendar day (yyyy-MM-DD) of an instant in the provider's zone. */
  dayOf(instant: Date): string;
}

export function createProviderClock(timeZone: string): ProviderClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  // Bounded by the quarter hours of one report period, never by its number of rows.
  const offsets = new Map<number, number>();

  function offsetAt(instant: number): number {
    const bucket = Math.floor(instant / BUCKET_MS);
    const known = offsets.get(bucket);
    if (known !== undefined) return known;
    const probe = bucket * BUCKET_MS;
    const parts = Object.fromEntries(format.formatToParts(new Date(probe)).map((part) => [part.type, part.value]));
    const asUtc = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    const offset = asUtc - probe;
    offsets.set(bucket, offset);
    return offset;
  }

  return {
    wallClock: (instant) => new Date(instant.getTime() + offsetAt(instant.getTime())),
    dayOf: (instant) => new Date(instant.getTime() + offsetAt(instant.getTime())).toISOString().slice(0, 10),
  };
}
