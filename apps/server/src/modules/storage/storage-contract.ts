/**
 * Object storage behind one small interface (DESIGN.md §8): what every driver offers. The drivers
 * import this module and nothing imports them back except the factory in storage-driver.ts.
 */
import type { Readable } from 'node:stream';
import type { UploadContentType } from '@switchboard/shared';

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

/** The beginning of an object and what the store says about the whole of it. */
export interface ObjectStart {
  size: number;
  /** The type the store serves the object with; undefined where it keeps none (the local store sniffs when serving). */
  contentType: string | undefined;
  /** Up to the requested number of bytes from the beginning. */
  bytes: Buffer;
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
  /** The object's size, stored type and first `length` bytes, without reading the rest; null when there is no such object. */
  readStart(key: string, length: number): Promise<ObjectStart | null>;
  /** Removes an object; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
}

/** Strips trailing slashes so that `${base}/x` never doubles them. */
export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
