/** Request and reply schemas of the storage endpoints (the contract between web and server). */
import { z } from 'zod';
import { captchaTokenSchema } from './auth.schemas.ts';
import { MAX_ATTACHMENTS, type UploadContentType } from './constants.ts';
import { msg } from './messages.ts';

/** File extensions the upload policy accepts, and the one content type each stands for. */
export const UPLOAD_EXTENSIONS: Readonly<Record<string, UploadContentType>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The longest file name an upload may have. */
const FILE_NAME_MAX_LENGTH = 255;

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0
    ? ''
    : fileName
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}

/** The image type a file name declares by its extension; null for anything that is not an accepted image. */
export function uploadContentTypeOf(fileName: string): UploadContentType | null {
  return UPLOAD_EXTENSIONS[extensionOf(fileName)] ?? null;
}

/** POST /tickets/get-presigned-post: the name of the file the browser is about to upload. */
export const presignBodySchema = z.object({
  object_name: z
    .string()
    .trim()
    .min(1, msg('storage.fileNameMissing'))
    .max(FILE_NAME_MAX_LENGTH, msg('storage.fileNameTooLong', { max: FILE_NAME_MAX_LENGTH }))
    .refine((name) => uploadContentTypeOf(name) !== null, msg('storage.imagesOnly')),
});
export type PresignBody = z.infer<typeof presignBodySchema>;

/**
 * POST /tickets/get-presigned-post/public: the file name and a solved bot check, which covers the
 * grants of one form (at most PUBLIC_UPLOAD_GRANTS_PER_BOT_CHECK).
 */
export const publicPresignBodySchema = presignBodySchema.extend({ token: captchaTokenSchema });
export type PublicPresignBody = z.infer<typeof publicPresignBodySchema>;

/**
 * The upload grant. The browser POSTs a multipart form to `data.url` with every entry of
 * `data.fields` first (in the given order) and the file last, under the field name `file`.
 * `public_url` is what goes into a ticket's or comment's `attachments` afterwards. Field names
 * depend on the storage: the built-in store sends Content-Type, key, AWSAccessKeyId, policy,
 * signature; S3 sends its own signature-v4 fields. Both may be relative URLs (same origin).
 */
export const presignReplySchema = z.object({
  public_url: z.string(),
  data: z.object({
    url: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
});
export type PresignReply = z.infer<typeof presignReplySchema>;

/** Attachments named in a ticket or comment: public_url values of earlier upload grants. */
export const attachmentUrlsSchema = z
  .array(z.string().trim().min(1, msg('storage.attachmentEmpty')).max(2048, msg('storage.attachmentTooLong')))
  .max(MAX_ATTACHMENTS, msg('storage.tooManyAttachments', { max: MAX_ATTACHMENTS }));
