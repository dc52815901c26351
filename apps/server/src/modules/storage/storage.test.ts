import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES, type PresignReply } from '@switchboard/shared';
import { uploads } from '../../db/schema.ts';
import { describeWithApp } from '../../../test/harness.ts';
import { signedInAs } from '../../../test/factories.ts';
import { IMAGES, buildGroup, postUploadForm, presign, ticketBody, uploadImage } from '../../../test/ticket-factories.ts';
import { storageDriverFor } from './storage-driver.ts';
import { purgeUnusedUploads } from './storage.service.ts';

describeWithApp('image uploads', (ctx) => {
  const objectsDir = () => (ctx.config.storage.driver === 'local' ? ctx.config.storage.dir : '');
  /** Every stored object (temporary files included), relative to the store. */
  const storedFiles = (): string[] => {
    const dir = objectsDir();
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  };
  const grant = async (name = 'photo.png') => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const reply = await presign(ctx.app, headers, name);
    expect(reply.statusCode).toBe(200);
    return reply.json<PresignReply>();
  };
  const keyOf = (granted: PresignReply) => granted.data.fields.key ?? '';

  it('needs a signed-in user for a grant', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tickets/get-presigned-post',
      payload: { object_name: 'a.png' },
    });
    expect(reply.statusCode).toBe(401);
  });

  it('grants an upload with the fields of the spec and a server-made key', async () => {
    const granted = await grant('My Photo.JPEG');
    expect(Object.keys(granted.data.fields)).toEqual(['Content-Type', 'key', 'AWSAccessKeyId', 'policy', 'signature']);
    expect(granted.data.fields['Content-Type']).toBe('image/jpeg');
    expect(keyOf(granted)).toMatch(/^attachments\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(granted.public_url).toBe(`/storage/${keyOf(granted)}`);
    expect(granted.data.url).toBe('/storage/upload');
    const [row] = await ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(granted)));
    expect(row).toMatchObject({ contentType: 'image/jpeg', storedAt: null, usedBy: null });
  });

  it('says why a grant is refused in Bangla when asked', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const reply = await presign(ctx.app, { ...headers, 'accept-language': 'bn' }, 'bill.pdf');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toEqual({ object_name: 'শুধু ছবি আপলোড করা যায় (JPEG, PNG, GIF বা WebP)' });
    const english = await presign(ctx.app, headers, 'bill.pdf');
    expect(english.json().details).toEqual({ object_name: 'Only images can be uploaded (JPEG, PNG, GIF or WebP)' });
  });

  it.each(['drawing.svg', 'page.html', 'noextension', 'archive.png.exe', ''])('refuses a grant for %j', async (name) => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
    const reply = await presign(ctx.app, headers, name);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'validation', details: { object_name: expect.any(String) } });
    expect(await ctx.db.select({ n: sql<number>`count(*)::int` }).from(uploads)).toEqual(before);
  });

  it('stores an uploaded image and serves it with safe headers', async () => {
    const granted = await grant();
    const stored = await postUploadForm(ctx.app, granted.data, IMAGES.png);
    expect(stored.statusCode).toBe(204);
    const [row] = await ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(granted)));
    expect(row?.storedAt).toBeInstanceOf(Date);
    expect(row?.size).toBe(IMAGES.png.length);
    const served = await ctx.app.inject({ method: 'GET', url: granted.public_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe('sandbox');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${path.basename(keyOf(granted))}"`);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 for a missing file and for paths outside the store', async () => {
    for (const url of [
      '/storage/attachments/2026/01/nothing.png',
      '/storage/secrets/jwt',
      '/storage/attachments/..%2F..%2F..%2Fsecrets%2Fjwt',
      '/storage/.incoming/x',
    ]) {
      const reply = await ctx.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
    }
  });

  describe('refuses and stores nothing', () => {
    const expectNothingStored = async (granted: PresignReply) => {
      const [row] = await ctx.db
        .select()
        .from(uploads)
        .where(eq(uploads.key, keyOf(granted)));
      expect(row?.storedAt).toBeNull();
      // Neither the object nor a temporary file is left behind.
      expect(storedFiles().filter((file) => !file.startsWith('attachments/'))).toEqual([]);
      expect(storedFiles()).not.toContain(keyOf(granted));
    };

    it('an HTML page renamed to .png', async () => {
      const granted = await grant('innocent.png');
      const reply = await postUploadForm(ctx.app, granted.data, Buffer.from('<!doctype html><script>alert(1)</script>'));
      expect(reply.statusCode).toBe(400);
      await expectNothingStored(granted);
    });

    it('an SVG sent with a PNG grant', async () => {
      const granted = await grant('drawing.png');
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const reply = await postUploadForm(ctx.app, granted.data, svg);
      expect(reply.statusCode).toBe(400);
      await expectNothingStored(granted);
    });

    it('a real image of another type than granted', async () => {
      const granted = await grant('photo.png');
      const reply = await postUploadForm(ctx.app, granted.data, IMAGES.gif);
      expect(reply.statusCode).toBe(400);
      await expectNothingStored(granted);
    });

    it('an 11 MB file', async () => {
      const granted = await grant();
      const big = Buffer.concat([IMAGES.png, Buffer.alloc(11 * 1024 * 1024)]);
      const reply = await postUploadForm(ctx.app, granted.data, big);
      expect(reply.statusCode).toBe(413);
      expect(reply.json()).toMatchObject({ code: 'payload_too_large' });
      await expectNothingStored(granted);
    });

    it('an empty file', async () => {
      const granted = await grant();
      const reply = await postUploadForm(ctx.app, granted.data, Buffer.alloc(0));
      expect(reply.statusCode).toBe(400);
      await expectNothingStored(granted);
    });

    it('an expired grant', async () => {
      const granted = await grant();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60 * 1000 });
      try {
        const reply = await postUploadForm(ctx.app, granted.data, IMAGES.png);
        expect(reply.statusCode).toBe(403);
        expect(reply.json<{ message: string }>().message).toMatch(/expired/);
      } finally {
        vi.useRealTimers();
      }
      await expectNothingStored(granted);
    });

    it('a tampered policy, signature, key or type', async () => {
      const granted = await grant();
      const other = await grant();
      const policy = JSON.parse(Buffer.from(granted.data.fields.policy ?? '', 'base64url').toString()) as Record<string, unknown>;
      const longer = Buffer.from(JSON.stringify({ ...policy, max_bytes: 1e9 })).toString('base64url');
      const attempts: Record<string, string>[] = [
        { policy: longer },
        { signature: 'A'.repeat(43) },
        { key: keyOf(other) },
        { 'Content-Type': 'image/gif' },
        { policy: other.data.fields.policy ?? '' },
      ];
      for (const fieldOverrides of attempts) {
        const reply = await postUploadForm(ctx.app, granted.data, IMAGES.png, { fieldOverrides });
        expect(reply.statusCode, JSON.stringify(Object.keys(fieldOverrides))).toBe(403);
      }
      await expectNothingStored(granted);
      await expectNothingStored(other);
    });

    it('a second upload with a used form (the first file stays)', async () => {
      const granted = await grant('photo.gif');
      expect((await postUploadForm(ctx.app, granted.data, IMAGES.gif)).statusCode).toBe(204);
      const again = await postUploadForm(ctx.app, granted.data, IMAGES.gif);
      expect(again.statusCode).toBe(403);
      const served = await ctx.app.inject({ method: 'GET', url: granted.public_url });
      expect(served.rawPayload.equals(IMAGES.gif)).toBe(true);
    });

    it('a form without a file or with the file before the fields', async () => {
      const granted = await grant();
      const noFile = new FormData();
      for (const [name, value] of Object.entries(granted.data.fields)) noFile.append(name, value);
      expect((await ctx.app.inject({ method: 'POST', url: '/storage/upload', payload: noFile })).statusCode).toBe(400);
      const fileFirst = new FormData();
      fileFirst.append('file', new Blob([new Uint8Array(IMAGES.png)]), 'photo.png');
      for (const [name, value] of Object.entries(granted.data.fields)) fileFirst.append(name, value);
      expect((await ctx.app.inject({ method: 'POST', url: '/storage/upload', payload: fileFirst })).statusCode).toBe(403);
      await expectNothingStored(granted);
    });
  });

  it('accepts a file close to the limit', async () => {
    const granted = await grant();
    const large = Buffer.concat([IMAGES.png, Buffer.alloc(UPLOAD_MAX_BYTES - IMAGES.png.length)]);
    expect((await postUploadForm(ctx.app, granted.data, large)).statusCode).toBe(204);
  });

  it('checks a file that reached the store without the upload form when a ticket names it', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const storage = storageDriverFor(ctx.config);
    const granted = (await presign(ctx.app, headers, 'photo.png')).json<PresignReply>();
    const group = await buildGroup(ctx.db);
    const issue = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tickets/issue-ticket',
        headers,
        payload: ticketBody(group, { attachments: [granted.public_url] }),
      });
    await storage.put(keyOf(granted), Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png');
    const refused = await issue();
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/not the image/);
    await storage.put(keyOf(granted), IMAGES.png, 'image/png');
    expect((await issue()).statusCode).toBe(201);
  });

  it('purges uploads that nothing used within a day, and keeps the rest', async () => {
    const { headers } = await signedInAs(ctx.app, ctx.db);
    const oldUnused = await uploadImage(ctx.app, headers);
    const oldUsed = await uploadImage(ctx.app, headers);
    const recent = await uploadImage(ctx.app, headers);
    const storage = storageDriverFor(ctx.config);
    const keyOfUrl = (url: string) => storage.keyOfPublicUrl(url) ?? '';
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await ctx.db
      .update(uploads)
      .set({ createdAt: dayAgo })
      .where(eq(uploads.key, keyOfUrl(oldUnused)));
    await ctx.db
      .update(uploads)
      .set({ createdAt: dayAgo, usedBy: 'ticket:1' })
      .where(eq(uploads.key, keyOfUrl(oldUsed)));
    await purgeUnusedUploads({ db: ctx.db, storage });
    const keys = (await ctx.db.select({ key: uploads.key }).from(uploads)).map((row) => row.key);
    expect(keys).not.toContain(keyOfUrl(oldUnused));
    expect(keys).toEqual(expect.arrayContaining([keyOfUrl(oldUsed), keyOfUrl(recent)]));
    expect(await storage.exists(keyOfUrl(oldUnused))).toBe(false);
    expect(await storage.exists(keyOfUrl(oldUsed))).toBe(true);
  });
});
