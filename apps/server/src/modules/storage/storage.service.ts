/** Upload grants, attachment checks and the purge of unused uploads (DESIGN.md §8). */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer, fileTypeStream } from 'file-type';
import {
  AppError,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  uploadContentTypeOf,
  type MessageValues,
  type PresignReply,
  type UploadContentType,
  type ValidationMessageKey,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import type { StorageDriver } from './storage-contract.ts';
import {
  deleteUnusedUploads,
  findUploads,
  insertUpload,
  markUploadStored,
  markUploadsUsed,
  type UploadRow,
} from './storage.repository.ts';

export interface StorageContext {
  db: Db;
  storage: StorageDriver;
  log?: FastifyBaseLogger;
}

/** null stands for the public form, whose uploads belong to nobody. */
export type UploaderId = string | null;

export const UPLOAD_GRANT_TTL_MS = 10 * 60 * 1000;
/** Uploads that no ticket or comment took within this time are deleted. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const PURGE_BATCH = 200;

const EXTENSION_OF: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** attachments/<yyyy>/<mm>/<uuid>.<ext>: the server names every object, never the browser. */
export function newAttachmentKey(contentType: UploadContentType, now: Date): string {
  const year = now.getUTCFullYear();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `attachments/${year}/${month}/${randomUUID()}.${EXTENSION_OF[contentType]}`;
}

/** Grants one image upload: a server-made key, a row in uploads, a form valid for 10 minutes. */
export async function presignUpload(
  ctx: StorageContext,
  uploaderId: UploaderId,
  objectName: string,
  now = new Date(),
): Promise<PresignReply> {
  const contentType = uploadContentTypeOf(objectName);
  if (!contentType) throw AppError.invalidField('object_name', 'storage.imagesOnly');
  const key = newAttachmentKey(contentType, now);
  await insertUpload(ctx.db, { key, uploaderUserId: uploaderId, isPublic: uploaderId === null, contentType });
  const form = await ctx.storage.presign({
    key,
    contentType,
    maxBytes: UPLOAD_MAX_BYTES,
    expiresAt: new Date(now.getTime() + UPLOAD_GRANT_TTL_MS),
  });
  purgeNowAndThen(ctx, now);
  return { public_url: ctx.storage.publicUrlOf(key), data: form };
}

/** Enough of a file's beginning for file-type to recognise every image format we take. */
const SNIFF_BYTES = 4100;

/**
 * The storage keys behind attachment URLs. Each must be an upload this server granted to the same
 * uploader, whose bytes arrived as granted, and that no ticket or comment uses yet; anything else
 * is refused with 400 before anything is stored.
 */
export async function resolveAttachmentKeys(ctx: StorageContext, uploaderId: UploaderId, urls: string[]): Promise<string[]> {
  const keys = [...new Set(urls.map((url) => ctx.storage.keyOfPublicUrl(url)))];
  if (keys.some((key) => key === null || !key.startsWith('attachments/'))) throw refused('storage.attachmentRefused');
  const wanted = keys.filter((key): key is string => key !== null);
  const rows = new Map((await findUploads(ctx.db, wanted)).map((row) => [row.key, row]));
  const unverified: UploadRow[] = [];
  for (const key of wanted) {
    const row = rows.get(key);
    const owned = row && (uploaderId === null ? row.isPublic && row.uploaderUserId === null : row.uploaderUserId === uploaderId);
    if (!row || !owned || row.usedBy !== null) throw refused('storage.attachmentRefused');
    // Only the local store sets stored_at before a claim, after it counted and sniffed the bytes
    // as they arrived (local-upload.service.ts); such a file is already known to be as granted.
    if (!row.storedAt) unverified.push(row);
  }
  await Promise.all(unverified.map((row) => assertStoredAsGranted(ctx.storage, row.key, row.contentType)));
  return wanted;
}

/**
 * Looks at an uploaded object itself. Not every S3-compatible store enforces the POST policy (size,
 * type, key), so the bucket's word is not taken: the object must exist, fit the size limit, be
 * stored with the granted type and sniff as that type.
 */
async function assertStoredAsGranted(storage: StorageDriver, key: string, grantedType: string | null): Promise<void> {
  const start = await storage.readStart(key, SNIFF_BYTES);
  if (!start) throw refused('storage.attachmentNotArrived');
  if (start.size > UPLOAD_MAX_BYTES) throw refused('storage.attachmentTooLarge', { megabytes: UPLOAD_MAX_BYTES / (1024 * 1024) });
  const sniffed = await fileTypeFromBuffer(start.bytes);
  const storedType = start.contentType?.split(';')[0]?.trim().toLowerCase();
  if (grantedType === null || sniffed?.mime !== grantedType || (storedType !== undefined && storedType !== grantedType)) {
    throw refused('storage.attachmentWrongType');
  }
}

function refused(key: ValidationMessageKey, values?: MessageValues): AppError {
  return AppError.invalidField('attachments', key, values);
}

/** Why an image that came in (an e-mail's attachment) was not stored. */
export type ReceivedImageRefusal = 'type' | 'size';

/**
 * Stores an image that reached the desk other than by upload (an e-mail's attachment, DESIGN.md
 * §24) under §8's policy: sniffed as jpeg, png, gif or webp (never by its name), at most
 * UPLOAD_MAX_BYTES. It becomes an unclaimed upload of nobody's, so resolveAttachmentKeys takes it
 * for a public ticket and claimAttachments for a comment; one that nothing claims is purged.
 */
export async function storeReceivedImage(
  ctx: StorageContext,
  bytes: Buffer,
  now = new Date(),
): Promise<{ url: string; key: string } | { refused: ReceivedImageRefusal }> {
  if (bytes.length > UPLOAD_MAX_BYTES) return { refused: 'size' };
  const sniffed = (await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES)))?.mime;
  const contentType = UPLOAD_CONTENT_TYPES.find((type) => type === sniffed);
  if (!contentType) return { refused: 'type' };
  const key = newAttachmentKey(contentType, now);
  await insertUpload(ctx.db, { key, uploaderUserId: null, isPublic: true, contentType });
  await ctx.storage.put(key, bytes, contentType);
  await markUploadStored(ctx.db, key, { size: bytes.length, contentType });
  return { url: ctx.storage.publicUrlOf(key), key };
}

/** Ties resolved uploads to a ticket or comment; run it in the transaction that stores them. */
export async function claimAttachments(tx: Db, keys: string[], usedBy: string): Promise<void> {
  const claimed = await markUploadsUsed(tx, keys, usedBy);
  if (claimed !== keys.length) throw new AppError('conflict', 'storage.attachmentUsedElsewhere');
}

/** Deletes grants that nothing used within a day, with their objects. Returns how many went. */
export async function purgeUnusedUploads(ctx: StorageContext, now = new Date()): Promise<number> {
  const keys = await deleteUnusedUploads(ctx.db, new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS), PURGE_BATCH);
  for (const key of keys) await ctx.storage.remove(key);
  return keys.length;
}

const nextPurgeAt = new WeakMap<Db, number>();

/** Runs the purge in the background at most every few minutes, so no scheduler is needed. */
function purgeNowAndThen(ctx: StorageContext, now: Date): void {
  if ((nextPurgeAt.get(ctx.db) ?? 0) > now.getTime()) return;
  nextPurgeAt.set(ctx.db, now.getTime() + PURGE_INTERVAL_MS);
  purgeUnusedUploads(ctx, now).catch((error: unknown) => ctx.log?.warn({ err: error }, 'purging unused uploads failed'));
}

export interface ServedObject {
  body: Readable;
  size: number | undefined;
  /** What the bytes are, by their content, never by the name. */
  contentType: string;
}

/** An object to serve, typed by sniffing its first bytes. */
export async function openStoredObject(storage: StorageDriver, key: string): Promise<ServedObject | null> {
  const object = await storage.read(key);
  if (!object) return null;
  const sniffed = await fileTypeStream(object.body);
  return { body: sniffed, size: object.size, contentType: sniffed.fileType?.mime ?? 'application/octet-stream' };
}
