/**
 * An S3 bucket (or an S3-compatible store) as object storage; the browser uploads with a POST policy.
 * The AWS SDK is imported when a driver is made, not with this module: a desk on the local store
 * never loads its hundreds of modules.
 */
import { Readable } from 'node:stream';
import type { S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { withoutTrailingSlash, type StorageDriver } from './storage-contract.ts';

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

/** The SDK's client package and its POST-policy signer. */
async function loadSdk() {
  const [s3, presignedPost] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-presigned-post')]);
  return { ...s3, createPresignedPost: presignedPost.createPresignedPost };
}

type ServiceException = typeof S3ServiceException;

function isNotFound(error: unknown, ServiceError: ServiceException): boolean {
  return (
    error instanceof ServiceError &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
}

/** A ranged read of an empty object: it exists, it just has no bytes to give. */
function isUnsatisfiableRange(error: unknown, ServiceError: ServiceException): boolean {
  return error instanceof ServiceError && (error.$metadata.httpStatusCode === 416 || error.name === 'InvalidRange');
}

/** The whole object's size from `Content-Range: bytes 0-4099/12345`, or the length of an unranged reply. */
function totalSizeOf(reply: { ContentRange?: string | undefined; ContentLength?: number | undefined }): number {
  const total = reply.ContentRange ? Number(reply.ContentRange.slice(reply.ContentRange.lastIndexOf('/') + 1)) : NaN;
  const size = Number.isInteger(total) ? total : reply.ContentLength;
  if (size === undefined) throw new Error('the store did not say how large the object is');
  return size;
}

/** Reads at most `length` bytes and lets go of the rest, in case the store ignored the range. */
async function firstBytesOf(body: Readable, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the stream, which closes the connection.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= length) break;
  }
  return Buffer.concat(chunks).subarray(0, length);
}

/** Where objects are read: S3_PUBLIC_URL, else the bucket's address at the endpoint or on AWS. */
function publicBaseOf(settings: S3Settings): string {
  if (settings.publicUrl) return withoutTrailingSlash(settings.publicUrl);
  if (settings.endpoint) {
    const endpoint = new URL(settings.endpoint);
    return settings.forcePathStyle
      ? `${withoutTrailingSlash(endpoint.toString())}/${settings.bucket}`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}`;
  }
  return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}

export function createS3Storage(settings: S3Settings): StorageDriver & { readonly kind: 's3' } {
  // Loading starts at once, so the first upload does not wait for it; a missing package stops the
  // process at start as a static import would (nothing handles the rejection until a call).
  const connection = loadSdk().then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    }),
  }));
  const bucket = settings.bucket;
  const base = `${publicBaseOf(settings)}/`;

  return {
    kind: 's3',

    async presign(conditions) {
      const { sdk, client } = await connection;
      const seconds = Math.max(1, Math.floor((conditions.expiresAt.getTime() - Date.now()) / 1000));
      // The same rules as the local store: one exact key (added by createPresignedPost), one
      // image type, a size range. S3 cannot look at the bytes; the served Content-Type is fixed.
      return sdk.createPresignedPost(client, {
        Bucket: bucket,
        Key: conditions.key,
        Conditions: [
          ['content-length-range', 1, conditions.maxBytes],
          ['eq', '$Content-Type', conditions.contentType],
        ],
        Fields: { 'Content-Type': conditions.contentType },
        Expires: seconds,
      });
    },

    publicUrlOf: (key) => `${base}${key}`,

    keyOfPublicUrl: (url) => (url.startsWith(base) && url.length > base.length ? url.slice(base.length) : null),

    async read(key) {
      const { sdk, client } = await connection;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) return null;
        return { body: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isNotFound(error, sdk.S3ServiceException)) return null;
        throw error;
      }
    },

    async put(key, body, contentType) {
      const { sdk, client } = await connection;
      // PutObject needs a known length; report files are small enough to buffer.
      const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async exists(key) {
      const { sdk, client } = await connection;
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error, sdk.S3ServiceException)) return false;
        throw error;
      }
    },

    async readStart(key, length) {
      const { sdk, client } = await connection;
      try {
        // HEAD first: a ranged read of an empty object is an error on S3 and hangs on some compatible stores.
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        if (head.ContentLength === 0) return { size: 0, contentType: head.ContentType, bytes: Buffer.alloc(0) };
        const reply = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${length - 1}` }));
        const bytes = reply.Body instanceof Readable ? await firstBytesOf(reply.Body, length) : Buffer.alloc(0);
        // The ranged reply describes the bytes just read, should the object have been replaced since the HEAD.
        return { size: totalSizeOf(reply), contentType: reply.ContentType, bytes };
      } catch (error) {
        if (isNotFound(error, sdk.S3ServiceException)) return null;
        if (isUnsatisfiableRange(error, sdk.S3ServiceException))
          return { size: 0, contentType: undefined, bytes: Buffer.alloc(0) };
        throw error;
      }
    },

    async remove(key) {
      const { sdk, client } = await connection;
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
