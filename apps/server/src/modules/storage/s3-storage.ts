/** An S3 bucket (or an S3-compatible store) as object storage; the browser uploads with a POST policy. */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { Config } from '../../config.ts';
import { withoutTrailingSlash, type StorageDriver } from './storage-driver.ts';

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
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
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const bucket = settings.bucket;
  const base = `${publicBaseOf(settings)}/`;

  return {
    kind: 's3',

    async presign(conditions) {
      const seconds = Math.max(1, Math.floor((conditions.expiresAt.getTime() - Date.now()) / 1000));
      // The same rules as the local store: one exact key (added by createPresignedPost), one
      // image type, a size range. S3 cannot look at the bytes; the served Content-Type is fixed.
      return createPresignedPost(client, {
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
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) return null;
        return { body: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async put(key, body, contentType) {
      // PutObject needs a known length; report files are small enough to buffer.
      const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
