/**
 * The configured store: the local store in DATA_DIR/objects (embedded default) or an S3 bucket.
 * Attachments and report files both go through it; the interface is in storage-contract.ts.
 */
import type { Config } from '../../config.ts';
import { createLocalStorage, type LocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { StorageDriver } from './storage-contract.ts';
import { guardStorage } from './storage-outage.ts';

/** The configured driver; `kind` tells the local store (which receives uploads itself) apart. */
export type ConfiguredStorage = LocalStorage | (StorageDriver & { readonly kind: 's3' });

const drivers = new WeakMap<Config, ConfiguredStorage>();

/** The storage of a configuration, created once, so every module of an app shares one client. */
export function storageDriverFor(config: Config): ConfiguredStorage {
  const existing = drivers.get(config);
  if (existing) return existing;
  const driver = guardStorage(
    config.storage.driver === 'local'
      ? createLocalStorage({ dir: config.storage.dir, secret: config.storageSecret, publicUrl: config.publicUrl })
      : createS3Storage(config.storage),
  );
  drivers.set(config, driver);
  return driver;
}
