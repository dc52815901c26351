/**
 * A store that is down (a full or read-only disk, an unreachable bucket) answers every call with
 * one clear 503 instead of a raw I/O error that would surface as a 500 ("Sorry, something went
 * wrong"). Tickets and comments without files never touch the store, so they keep working.
 */
import { Readable } from 'node:stream';
import { AppError } from '@switchboard/shared';
import { ObjectTooLargeError } from './local-storage.ts';
import type { ConfiguredStorage } from './storage-driver.ts';

async function guarded<T>(work: () => Promise<T>, source?: unknown): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Refusals of the store's own rules are answers, not outages.
    if (error instanceof AppError || error instanceof ObjectTooLargeError) throw error;
    // Whoever writes into a failed upload must not wait for a reader that will never come.
    if (source instanceof Readable) source.destroy();
    const unavailable = new AppError('unavailable', 'storage.unavailable');
    unavailable.cause = error;
    throw unavailable;
  }
}

/** The same store, with every call that can reach the disk or the network guarded. */
export function guardStorage(driver: ConfiguredStorage): ConfiguredStorage {
  const common = {
    presign: (conditions: Parameters<ConfiguredStorage['presign']>[0]) => guarded(() => driver.presign(conditions)),
    publicUrlOf: (key: string) => driver.publicUrlOf(key),
    keyOfPublicUrl: (url: string) => driver.keyOfPublicUrl(url),
    read: (key: string) => guarded(() => driver.read(key)),
    put: (key: string, body: Readable | Buffer, contentType: string) => guarded(() => driver.put(key, body, contentType), body),
    exists: (key: string) => guarded(() => driver.exists(key)),
    readStart: (key: string, length: number) => guarded(() => driver.readStart(key, length)),
    remove: (key: string) => guarded(() => driver.remove(key)),
  };
  if (driver.kind === 's3') return { ...common, kind: 's3' };
  return {
    ...common,
    kind: 'local',
    verifyPolicy: (policy, signature) => driver.verifyPolicy(policy, signature),
    writeTemporary: (body, maxBytes) => guarded(() => driver.writeTemporary(body, maxBytes), body),
    commitTemporary: (temporaryPath, key) => guarded(() => driver.commitTemporary(temporaryPath, key)),
    discardTemporary: (temporaryPath) => guarded(() => driver.discardTemporary(temporaryPath)),
  };
}
