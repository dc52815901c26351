/**
 * The presigned upload flow (spec §3, §7; DESIGN.md §8): ask the API for a grant for the file name,
 * POST the grant's fields and then the file straight to storage, and keep the grant's public_url as
 * the attachment. XMLHttpRequest is used for the storage POST because fetch reports no upload
 * progress. The signed-in screens and the public page differ only in the presign path.
 */
import {
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_EXTENSIONS,
  msg,
  uploadContentTypeOf,
  type PresignReply,
} from '@switchboard/shared';
import { apiRequest, errorMessage } from './api-client.ts';
import { translate } from './i18n.ts';
import { translateMessageRef } from './schema-messages.ts';
import { labelMessages } from './messages.ts';

export interface UploadOptions {
  /** The presign endpoint under /api/v1: '/tickets/get-presigned-post', or its public twin. */
  presignPath: string;
  /** The public page has no session: its calls carry no token. */
  anonymous?: boolean;
  /** Fields the presign body needs besides the file name (the public page's bot check). */
  presignFields?: () => Promise<Record<string, string>>;
  /** Fraction of the file sent so far, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The `accept` of image inputs: the types and the extensions the server grants. */
export const ACCEPTED_IMAGE_TYPES = [
  ...UPLOAD_CONTENT_TYPES,
  ...Object.keys(UPLOAD_EXTENSIONS).map((extension) => `.${extension}`),
].join(',');
const MAX_MEGABYTES = Math.round(UPLOAD_MAX_BYTES / (1024 * 1024));

/** Why a file cannot be attached, checked before any call; null when it may be uploaded. */
export function rejectionOf(file: File): string | null {
  // The server grants uploads by the file name's extension, and the store checks the bytes.
  if (uploadContentTypeOf(file.name) === null) return translateMessageRef(msg('storage.imagesOnly'));
  if (file.size > UPLOAD_MAX_BYTES) return translate(labelMessages, 'uploadTooLarge', { megabytes: MAX_MEGABYTES });
  if (file.size === 0) return translate(labelMessages, 'uploadEmpty');
  return null;
}

/** Uploads one image and resolves with its public URL; rejects with an UploadError that says why. */
export async function uploadImage(file: File, options: UploadOptions): Promise<string> {
  const rejection = rejectionOf(file);
  if (rejection) throw new UploadError(rejection);
  let grant: PresignReply;
  try {
    grant = await apiRequest<PresignReply>(options.presignPath, {
      method: 'POST',
      body: { object_name: file.name, ...(await options.presignFields?.()) },
      anonymous: options.anonymous,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new UploadError(errorMessage(error));
  }
  await postToStorage(grant.data, file, options);
  return grant.public_url;
}

/** POSTs the grant's fields, then the file (storage wants `file` last), reporting progress. */
export function postToStorage(
  target: PresignReply['data'],
  file: File,
  options: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', target.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve();
      } else {
        reject(new UploadError(storageErrorText(request.status, request.responseText)));
      }
    };
    request.onerror = () => reject(new UploadError(translate(labelMessages, 'storageUnreachable')));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** The storage service answers with JSON (local driver) or S3's XML; either way, find its message. */
function storageErrorText(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // Not JSON: try S3's XML below.
  }
  const xmlMessage = /<Message>([^<]+)<\/Message>/.exec(body)?.[1];
  if (xmlMessage) return xmlMessage;
  if (status === 413) return translate(labelMessages, 'uploadTooLarge', { megabytes: MAX_MEGABYTES });
  return translate(labelMessages, 'storageRefused', { status });
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
