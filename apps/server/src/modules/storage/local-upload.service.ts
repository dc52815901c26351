/**
 * Receives a browser upload for the local store: the signed form is checked before a byte is
 * kept, the bytes are counted and sniffed, and only a file that matches its grant is stored.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { fileTypeFromFile } from 'file-type';
import { AppError, UPLOAD_MAX_BYTES } from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { ObjectTooLargeError, type LocalPolicy, type LocalStorage } from './local-storage.ts';
import { findUpload, markUploadStored } from './storage.repository.ts';

/**
 * A form the multipart parser cannot read: no boundary, a body that ends inside a part. The
 * client's fault, answered with a 400; `reason` is the parser's one-line explanation for the log.
 */
export class UnreadableFormError extends AppError {
  readonly reason: string;
  constructor(parserError: unknown) {
    super('bad_request', 'storage.formUnreadable');
    this.reason = parserError instanceof Error ? parserError.message : String(parserError);
  }
}

/** The parts of the form; an error of the parser itself becomes an UnreadableFormError. */
async function* readableParts(parts: AsyncIterable<Multipart>): AsyncGenerator<Multipart> {
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (error) {
      if (error instanceof AppError || hasStatus(error)) throw error;
      throw new UnreadableFormError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** The parser's limit errors carry their own status (413) and are answered as they are. */
const hasStatus = (error: unknown) => typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';

export interface LocalUploadContext {
  db: Db;
  storage: LocalStorage;
}

/** Stores the file of a multipart upload form (fields first, the file last in the field `file`). */
export async function receiveLocalUpload(
  ctx: LocalUploadContext,
  parts: AsyncIterable<Multipart>,
  now = new Date(),
): Promise<void> {
  const fields = new Map<string, string>();
  for await (const part of readableParts(parts)) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !part.valueTruncated) fields.set(part.fieldname, part.value);
      continue;
    }
    try {
      if (part.fieldname !== 'file') throw new AppError('bad_request', 'storage.fileField');
      const policy = await checkForm(ctx, fields, now);
      await storeFile(ctx, part, policy);
    } catch (error) {
      // The parser fails the file's stream when the body ends inside it; the store reports that as
      // an outage (its cause), yet it is a form that cannot be read.
      const cutOff = part.file.errored;
      if (cutOff && (error === cutOff || (error as Error).cause === cutOff)) throw new UnreadableFormError(cutOff);
      throw error;
    } finally {
      // A refused file is drained, so the request can end normally.
      part.file.resume();
    }
    return;
  }
  throw new AppError('bad_request', 'storage.noFile');
}

async function checkForm(ctx: LocalUploadContext, fields: Map<string, string>, now: Date): Promise<LocalPolicy> {
  const signed = fields.get('policy');
  const signature = fields.get('signature');
  if (!signed || !signature) throw new AppError('forbidden', 'storage.formNotSigned');
  const policy = ctx.storage.verifyPolicy(signed, signature);
  if (!policy) throw new AppError('forbidden', 'storage.formInvalid');
  if (policy.expires_at <= now.getTime()) throw new AppError('forbidden', 'storage.formExpired');
  if (fields.get('key') !== policy.key) throw new AppError('forbidden', 'storage.keyMismatch');
  if (fields.get('Content-Type') !== policy.content_type) throw new AppError('forbidden', 'storage.contentTypeMismatch');
  const upload = await findUpload(ctx.db, policy.key);
  if (!upload || upload.storedAt) throw new AppError('forbidden', 'storage.formUsed');
  return policy;
}

function tooLarge(policy: LocalPolicy): AppError {
  const megabytes = Math.floor(Math.min(policy.max_bytes, UPLOAD_MAX_BYTES) / (1024 * 1024));
  return new AppError('payload_too_large', 'storage.fileTooLarge', { megabytes });
}

async function storeFile(ctx: LocalUploadContext, part: MultipartFile, policy: LocalPolicy): Promise<void> {
  let temporary: { path: string; size: number };
  try {
    temporary = await ctx.storage.writeTemporary(part.file, policy.max_bytes);
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw tooLarge(policy);
    throw error;
  }
  let committed = false;
  try {
    // The multipart parser stops at the global limit and marks the stream truncated.
    if (part.file.truncated) throw tooLarge(policy);
    if (temporary.size === 0) throw new AppError('bad_request', 'storage.fileEmpty');
    const sniffed = await fileTypeFromFile(temporary.path);
    if (sniffed?.mime !== policy.content_type) {
      throw new AppError('bad_request', 'storage.fileNotImage');
    }
    committed = await ctx.storage.commitTemporary(temporary.path, policy.key);
    if (!committed) throw new AppError('forbidden', 'storage.formUsed');
  } finally {
    if (!committed) await ctx.storage.discardTemporary(temporary.path);
  }
  const recorded = await markUploadStored(ctx.db, policy.key, { size: temporary.size, contentType: policy.content_type });
  if (!recorded) {
    // The grant went away meanwhile (purged); keep no file that nothing accounts for.
    await ctx.storage.remove(policy.key);
    throw new AppError('forbidden', 'storage.formUsed');
  }
}
