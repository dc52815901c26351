/**
 * Object storage behind one small interface (DESIGN.md §8): the local store in DATA_DIR/objects
 * (embedded default) or an S3 bucket. Attachments and report files both go through it.
 */
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import type { UploadContentType } from '@switchboard/shared';
import { createLocalStorage, type LocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { guardStorage } from './storage-outage.ts';

export interface UploadConditions {
  key: string;
  contentType: UploadContentType;
  maxBytes: number;
  expiresAt: Date;
}

/** Where and what the browser POSTs: `url` and the form fields that go before the file. */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

export interface StoredObject {
  body: Readable;
  size: number | undefined;
}

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** An upload form that lets a browser store exactly one object under the conditions. */
  presign(conditions: UploadConditions): Promise<UploadForm>;
  /** The address a browser reads the object from. */
  publicUrlOf(key: string): string;
  /** The key behind an address publicUrlOf made; null for anything else. */
  keyOfPublicUrl(url: string): string | null;
  /** The object's bytes, or null when there is no such object. */
  read(key: string): Promise<StoredObject | null>;
  /** Stores (or replaces) an object written by the server itself, such as a report. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
}

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

/** Strips trailing slashes so that `${base}/x` never doubles them. */
export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
