/**
 * The embedded object store: files under DATA_DIR/objects, uploads POSTed to /storage/upload with
 * an HMAC-signed policy that plays the part of an S3 POST policy.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { UPLOAD_CONTENT_TYPES } from '@switchboard/shared';
import { withoutTrailingSlash, type StorageDriver, type UploadConditions } from './storage-contract.ts';

/** Keys the store serves and accepts: a known top folder, plain path segments, no `..`. */
const SAFE_KEY = /^(attachments|reports)(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/;

/** The access id field the spec's upload form carries; the local store identifies itself with it. */
const LOCAL_ACCESS_ID = 'switchboard-local';

const policySchema = z.object({
  key: z.string(),
  content_type: z.enum(UPLOAD_CONTENT_TYPES),
  max_bytes: z.number().int().positive(),
  expires_at: z.number().int(),
});
export type LocalPolicy = z.infer<typeof policySchema>;

export class ObjectTooLargeError extends Error {
  override name = 'ObjectTooLargeError';
}

export interface LocalStorage extends StorageDriver {
  readonly kind: 'local';
  /** The policy of a signed upload form, or null when the signature does not match. Expiry is the caller's check. */
  verifyPolicy(policy: string, signature: string): LocalPolicy | null;
  /** Writes a stream to a temporary file; throws ObjectTooLargeError (and keeps nothing) past maxBytes. */
  writeTemporary(body: Readable, maxBytes: number): Promise<{ path: string; size: number }>;
  /** Moves a temporary file to its key; false (and the file discarded) when the key is already taken. */
  commitTemporary(temporaryPath: string, key: string): Promise<boolean>;
  discardTemporary(temporaryPath: string): Promise<void>;
}

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((segment) => segment === '..' || segment === '.');
}

function isMissingFileError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function createLocalStorage(options: { dir: string; secret: string; publicUrl: string | undefined }): LocalStorage {
  const root = path.resolve(options.dir);
  const incoming = path.join(root, '.incoming');
  const base = `${withoutTrailingSlash(options.publicUrl ?? '')}/storage/`;

  const sign = (policy: string) => createHmac('sha256', options.secret).update(`upload-policy:${policy}`).digest('base64url');

  function pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  }

  async function newTemporaryPath(): Promise<string> {
    await mkdir(incoming, { recursive: true });
    return path.join(incoming, randomUUID());
  }

  async function writeTemporary(body: Readable, maxBytes: number): Promise<{ path: string; size: number }> {
    const temporaryPath = await newTemporaryPath();
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > maxBytes ? new ObjectTooLargeError(`more than ${maxBytes} bytes`) : null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(temporaryPath, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await rm(temporaryPath, { force: true });
      throw error;
    }
    return { path: temporaryPath, size };
  }

  return {
    kind: 'local',

    async presign(conditions: UploadConditions) {
      const policy = Buffer.from(
        JSON.stringify({
          key: conditions.key,
          content_type: conditions.contentType,
          max_bytes: conditions.maxBytes,
          expires_at: conditions.expiresAt.getTime(),
        } satisfies LocalPolicy),
      ).toString('base64url');
      return {
        url: `${withoutTrailingSlash(options.publicUrl ?? '')}/storage/upload`,
        fields: {
          'Content-Type': conditions.contentType,
          key: conditions.key,
          AWSAccessKeyId: LOCAL_ACCESS_ID,
          policy,
          signature: sign(policy),
        },
      };
    },

    verifyPolicy(policy, signature) {
      const expected = Buffer.from(sign(policy));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const parsed = policySchema.safeParse(JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },

    publicUrlOf: (key) => `${base}${key}`,

    keyOfPublicUrl(url) {
      // The relative form is what the store hands out when PUBLIC_URL is not set.
      for (const prefix of new Set([base, '/storage/'])) {
        if (url.startsWith(prefix)) {
          const key = url.slice(prefix.length);
          return isSafeKey(key) ? key : null;
        }
      }
      return null;
    },

    async read(key) {
      if (!isSafeKey(key)) return null;
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },

    async put(key, body, _contentType) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = await writeTemporary(Buffer.isBuffer(body) ? Readable.from([body]) : body, Number.MAX_SAFE_INTEGER);
      await rename(temporary.path, file);
    },

    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },

    async readStart(key, length) {
      if (!isSafeKey(key)) return null;
      let file: FileHandle;
      try {
        file = await open(pathOf(key), 'r');
      } catch (error) {
        if (isMissingFileError(error)) return null;
        throw error;
      }
      try {
        const info = await file.stat();
        if (!info.isFile()) return null;
        const buffer = Buffer.alloc(Math.min(length, info.size));
        const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
        return { size: info.size, contentType: undefined, bytes: buffer.subarray(0, bytesRead) };
      } finally {
        await file.close();
      }
    },

    async remove(key) {
      if (isSafeKey(key)) await rm(pathOf(key), { force: true });
    },

    writeTemporary,

    async commitTemporary(temporaryPath, key) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        // link() refuses an existing name, so a replayed form can never replace a stored file.
        await link(temporaryPath, file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      } finally {
        await rm(temporaryPath, { force: true });
      }
    },

    discardTemporary: (temporaryPath) => rm(temporaryPath, { force: true }),
  };
}
