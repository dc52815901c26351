import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadImage, UploadError } from './uploads.ts';

/** A stand-in for XMLHttpRequest: records the form, reports progress, answers with `status`/`body`. */
class FakeXhr {
  static sent: { url: string; form: FormData }[] = [];
  static answer = { status: 204, body: '' };
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    FakeXhr.sent.push({ url: this.url, form });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.body;
    queueMicrotask(() => this.onload?.());
  }
}

const GRANT = {
  public_url: '/storage/attachments/2026/11/abc.png',
  data: {
    url: '/storage/upload',
    fields: { 'Content-Type': 'image/png', key: 'attachments/2026/11/abc.png', policy: 'p', signature: 's' },
  },
};

function stubNetwork(presign: () => Response = () => new Response(JSON.stringify(GRANT), { status: 200 })) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(presign()));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = [];
  FakeXhr.answer = { status: 204, body: '' };
  return fetchMock;
}

const png = (name = 'router.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('uploadImage (the presigned upload flow)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a grant by file name, posts the fields and then the file, and returns the public URL', async () => {
    const fetchMock = stubNetwork();
    const progress: number[] = [];
    const url = await uploadImage(png(), {
      presignPath: '/tickets/get-presigned-post',
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(url).toBe(GRANT.public_url);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/tickets/get-presigned-post');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({ object_name: 'router.png' });
    const sent = FakeXhr.sent[0];
    expect(sent?.url).toBe('/storage/upload');
    expect([...(sent?.form.keys() ?? [])]).toEqual(['Content-Type', 'key', 'policy', 'signature', 'file']);
    expect(progress).toEqual([0.5, 1]);
  });

  it('refuses a file that is not an image before any call', async () => {
    const fetchMock = stubNetwork();
    await expect(uploadImage(new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' }), { presignPath: '/x' })).rejects.toThrow(
      'Only images can be uploaded (JPEG, PNG, GIF or WebP)',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says why the grant was refused, in the server's words", async () => {
    stubNetwork(
      () =>
        new Response(JSON.stringify({ message: 'Too many uploads, try again in a minute', code: 'rate_limited' }), {
          status: 429,
        }),
    );
    await expect(uploadImage(png(), { presignPath: '/x' })).rejects.toThrow('Too many uploads, try again in a minute');
  });

  it("says why the storage refused the file, from its JSON or S3's XML", async () => {
    stubNetwork();
    FakeXhr.answer = { status: 400, body: JSON.stringify({ message: 'The file is not the image it claims to be' }) };
    await expect(uploadImage(png(), { presignPath: '/x' })).rejects.toThrow('The file is not the image it claims to be');
    FakeXhr.answer = { status: 403, body: '<Error><Code>AccessDenied</Code><Message>Policy expired</Message></Error>' };
    const failure = uploadImage(png(), { presignPath: '/x' });
    await expect(failure).rejects.toBeInstanceOf(UploadError);
    await expect(failure).rejects.toThrow('Policy expired');
  });
});
