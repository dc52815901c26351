/**
 * Hostile uploads (ASVS V5.2.1, V5.2.2, V5.3.1, V5.4.1, V3.2.1): files that are not what they claim,
 * forms that were not granted, keys outside the grant. Each is refused and leaves nothing behind,
 * or, when its bytes really are the granted image, it is served so that no browser runs it.
 * storage.test.ts has the ordinary refusals; this file is the attacker's list in one place.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, type PresignReply } from '@switchboard/shared';
import { uploads } from '../../src/db/schema.ts';
import { describeWithApp } from '../harness.ts';
import { signedInAs } from '../factories.ts';
import { IMAGES, postUploadForm, presign } from '../ticket-factories.ts';
import { logLines } from '../log-lines.ts';

const SCRIPT = '<html><body><script>alert(document.domain)</script></body></html>';

/** A real PNG followed by an HTML page: every image viewer shows it, a sniffing browser might run it. */
const PNG_POLYGLOT = Buffer.concat([IMAGES.png, Buffer.from(SCRIPT)]);
/** GIF89a whose header doubles as JavaScript: the classic image/script polyglot. */
const GIF_POLYGLOT = Buffer.concat([Buffer.from('GIF89a/*'), IMAGES.gif.subarray(8), Buffer.from('*/=alert(1);//')]);

describeWithApp('upload attacks', (ctx) => {
  let headers: Record<string, string> = {};
  beforeAll(async () => {
    headers = (await signedInAs(ctx.app, ctx.db)).headers;
  });

  const grant = async (name = 'photo.png') => {
    const reply = await presign(ctx.app, headers, name);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<PresignReply>();
  };
  const keyOf = (granted: PresignReply) => granted.data.fields.key ?? '';
  const objectsDir = () => (ctx.config.storage.driver === 'local' ? ctx.config.storage.dir : '');
  const storedFiles = (): string[] => {
    if (!existsSync(objectsDir())) return [];
    return readdirSync(objectsDir(), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(objectsDir(), path.join(entry.parentPath, entry.name)));
  };
  const expectNothingKept = async (granted: PresignReply) => {
    const [row] = await ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(granted)));
    expect(row?.storedAt ?? null).toBeNull();
    expect(storedFiles()).not.toContain(keyOf(granted));
    expect(storedFiles().filter((file) => !file.startsWith('attachments/'))).toEqual([]);
  };

  describe('never granted', () => {
    it.each(['vector.svg', 'page.html', 'page.htm', 'script.js', 'photo.png.svg', 'photo.svgz', 'photo.png\u0000.svg'])(
      'a grant for %j',
      async (name) => {
        for (const url of ['/api/v1/tickets/get-presigned-post', '/api/v1/tickets/get-presigned-post/public']) {
          const reply = await ctx.app.inject({ method: 'POST', url, headers, payload: { object_name: name } });
          expect(reply.statusCode, `${url} ${reply.body}`).toBe(400);
        }
      },
    );
  });

  describe('refused, nothing kept', () => {
    it('an SVG with a script, sent with a PNG grant, or with its own type in the form', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
      const asPng = await grant();
      expect((await postUploadForm(ctx.app, asPng.data, svg)).statusCode).toBe(400);
      await expectNothingKept(asPng);
      const declared = await grant();
      const reply = await postUploadForm(ctx.app, declared.data, svg, { fieldOverrides: { 'Content-Type': 'image/svg+xml' } });
      expect(reply.statusCode).toBe(403);
      await expectNothingKept(declared);
    });

    it('an HTML page under an image grant', async () => {
      const granted = await grant('photo.jpg');
      expect((await postUploadForm(ctx.app, granted.data, Buffer.from(SCRIPT), { fileName: 'photo.jpg' })).statusCode).toBe(400);
      await expectNothingKept(granted);
    });

    it('a zero-byte file', async () => {
      const granted = await grant();
      expect((await postUploadForm(ctx.app, granted.data, Buffer.alloc(0))).statusCode).toBe(400);
      await expectNothingKept(granted);
    });

    it('a file of 10 MB and one byte', async () => {
      const granted = await grant();
      const oneTooMany = Buffer.concat([IMAGES.png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - IMAGES.png.length)]);
      const reply = await postUploadForm(ctx.app, granted.data, oneTooMany);
      expect(reply.statusCode).toBe(413);
      expect(reply.json()).toMatchObject({ code: 'payload_too_large', message: 'The file is larger than 10 MB.' });
      await expectNothingKept(granted);
    });

    it('a declared type other than the granted one', async () => {
      const granted = await grant();
      for (const type of ['text/html', 'image/svg+xml', 'application/octet-stream', 'image/gif']) {
        const reply = await postUploadForm(ctx.app, granted.data, IMAGES.png, { fieldOverrides: { 'Content-Type': type } });
        expect(reply.statusCode, type).toBe(403);
      }
      await expectNothingKept(granted);
    });

    it('a reused, a tampered or a borrowed policy', async () => {
      const first = await grant();
      expect((await postUploadForm(ctx.app, first.data, IMAGES.png)).statusCode).toBe(204);
      expect((await postUploadForm(ctx.app, first.data, IMAGES.png)).statusCode).toBe(403);

      const granted = await grant();
      const policy = JSON.parse(Buffer.from(granted.data.fields.policy ?? '', 'base64url').toString()) as Record<string, unknown>;
      const resigned = (fields: Record<string, unknown>) =>
        Buffer.from(JSON.stringify({ ...policy, ...fields })).toString('base64url');
      const attempts: Record<string, string>[] = [
        { policy: resigned({ expires_at: Date.now() + 365 * 86_400_000 }) },
        { policy: resigned({ content_type: 'image/gif' }), 'Content-Type': 'image/gif' },
        { policy: first.data.fields.policy ?? '', signature: first.data.fields.signature ?? '' },
        { signature: '' },
        { policy: '' },
      ];
      for (const fieldOverrides of attempts) {
        const reply = await postUploadForm(ctx.app, granted.data, IMAGES.png, { fieldOverrides });
        expect(reply.statusCode, JSON.stringify(Object.keys(fieldOverrides))).toBe(403);
      }
      await expectNothingKept(granted);
    });

    it('a key outside the policy', async () => {
      const secretFile = path.join(ctx.config.dataDir, 'secrets', 'jwt');
      const secretBefore = readFileSync(secretFile);
      const granted = await grant();
      for (const key of [
        'reports/2026/01/00000000-0000-4000-8000-000000000000/report.xlsx',
        '../../secrets/jwt',
        'attachments/../../secrets/jwt',
        '/etc/passwd',
        `${keyOf(granted)}/../../x.png`,
      ]) {
        const reply = await postUploadForm(ctx.app, granted.data, IMAGES.png, { fieldOverrides: { key } });
        expect(reply.statusCode, key).toBe(403);
      }
      await expectNothingKept(granted);
      expect(readFileSync(secretFile).equals(secretBefore)).toBe(true);
      expect(storedFiles().some((file) => file.startsWith('reports/'))).toBe(false);
    });

    it('a file name that tries to choose the stored name', async () => {
      const granted = await grant();
      const reply = await postUploadForm(ctx.app, granted.data, IMAGES.png, { fileName: '../../../evil.html' });
      expect(reply.statusCode).toBe(204);
      expect(storedFiles()).toContain(keyOf(granted));
      expect(storedFiles().some((file) => file.includes('evil'))).toBe(false);
    });
  });

  describe('served inertly', () => {
    /** Uploads bytes under an image grant and fetches them back as a browser would. */
    const storeAndFetch = async (name: string, bytes: Buffer, declaredPartType?: string) => {
      const granted = await grant(name);
      const form = new FormData();
      for (const [field, value] of Object.entries(granted.data.fields)) form.append(field, value);
      form.append('file', new Blob([new Uint8Array(bytes)], declaredPartType ? { type: declaredPartType } : {}), name);
      const stored = await ctx.app.inject({ method: 'POST', url: granted.data.url, payload: form });
      expect(stored.statusCode, stored.body).toBe(204);
      return ctx.app.inject({ method: 'GET', url: granted.public_url, headers: { accept: 'text/html,*/*' } });
    };

    const expectInert = (reply: Awaited<ReturnType<typeof storeAndFetch>>, type: string) => {
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe(type);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-security-policy']).toBe('sandbox');
      expect(String(reply.headers['content-disposition'])).toMatch(/^inline; filename="[0-9a-f-]{36}\.(png|gif|jpg|webp)"$/);
      expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
    };

    it('a PNG with an HTML page appended, as the image it starts with', async () => {
      const reply = await storeAndFetch('photo.png', PNG_POLYGLOT);
      expectInert(reply, 'image/png');
      expect(reply.rawPayload.equals(PNG_POLYGLOT)).toBe(true);
    });

    it('a GIF that is also JavaScript, as an image no page may run as a script', async () => {
      expectInert(await storeAndFetch('photo.gif', GIF_POLYGLOT), 'image/gif');
    });

    it('an image whose multipart part claims to be HTML, as the type its bytes have', async () => {
      expectInert(await storeAndFetch('photo.png', IMAGES.png, 'text/html'), 'image/png');
    });
  });
});

describe('a form that cannot be read', () => {
  const { lines, stream } = logLines();

  describeWithApp(
    'anonymous, with logging',
    (ctx) => {
      const post = (contentType: string, payload: string) =>
        ctx.app.inject({ method: 'POST', url: '/storage/upload', headers: { 'content-type': contentType }, payload });

      it.each([
        [
          'multipart/form-data without a boundary',
          'multipart/form-data',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
        ],
        ['multipart/form-data without a boundary and no body', 'multipart/form-data', ''],
        [
          'a body cut off in a part',
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
        ],
      ])('%s: 400 with a sentence, one warn line and no stack trace', async (_name, contentType, payload) => {
        lines.length = 0;
        const reply = await post(contentType, payload);
        expect(reply.statusCode, reply.body).toBe(400);
        expect(reply.json()).toEqual({
          message: 'The upload form could not be read. Send it as multipart/form-data with its boundary.',
          code: 'bad_request',
        });
        const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } });
        expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
        expect(entries.filter((entry) => entry.level === 40)).toHaveLength(1);
        expect(lines.join('')).not.toMatch(/\\n\s+at /);
      });

      it('a granted form whose file is cut off: 400 unreadable, nothing kept', async () => {
        const { headers } = await signedInAs(ctx.app, ctx.db);
        const granted = (await presign(ctx.app, headers, 'photo.png')).json<PresignReply>();
        const fields = Object.entries(granted.data.fields)
          .map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
          .join('');
        const file = '--x\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n\r\n';
        lines.length = 0;
        const reply = await post('multipart/form-data; boundary=x', fields + file + IMAGES.png.toString('latin1'));
        expect(reply.statusCode, reply.body).toBe(400);
        expect(reply.json<{ message: string }>().message).toMatch(/^The upload form could not be read/);
        expect(lines.filter((line) => line.includes('"level":40'))).toHaveLength(1);
        const [row] = await ctx.db
          .select()
          .from(uploads)
          .where(eq(uploads.key, granted.data.fields.key ?? ''));
        expect(row?.storedAt ?? null).toBeNull();
      });

      it('an empty body with a boundary: 400, the form has no file', async () => {
        const reply = await post('multipart/form-data; boundary=x', '');
        expect(reply.statusCode).toBe(400);
        expect(reply.json()).toEqual({ message: 'The form has no file.', code: 'bad_request' });
      });
    },
    { logger: { level: 'info', stream } },
  );
});
