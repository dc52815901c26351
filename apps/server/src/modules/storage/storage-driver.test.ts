import { describe, expect, it } from 'vitest';
import { createLocalStorage, isSafeKey } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

const s3Settings = {
  driver: 's3' as const,
  endpoint: 'https://objects.example.net',
  region: 'ap-south-1',
  bucket: 'switchboard',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret-example-key',
  forcePathStyle: true,
  publicUrl: undefined,
};

describe('the S3 driver', () => {
  it('puts the local rules into the POST policy: exact key, image type, size range, expiry', async () => {
    const storage = createS3Storage(s3Settings);
    const expiresAt = new Date(Date.now() + 10 * 60 * 1000);
    const form = await storage.presign({
      key: 'attachments/2026/03/a.png',
      contentType: 'image/png',
      maxBytes: 10 * 1024 * 1024,
      expiresAt,
    });
    expect(form.url).toBe('https://objects.example.net/switchboard');
    expect(form.fields).toMatchObject({ key: 'attachments/2026/03/a.png', 'Content-Type': 'image/png' });
    const policy = JSON.parse(Buffer.from(form.fields.Policy ?? '', 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 10 * 1024 * 1024],
        ['eq', '$Content-Type', 'image/png'],
        { key: 'attachments/2026/03/a.png' },
        { bucket: 'switchboard' },
      ]),
    );
    expect(Math.abs(new Date(policy.expiration).getTime() - expiresAt.getTime())).toBeLessThan(2000);
  });

  it('maps public URLs to keys and back, and nothing else', () => {
    const storage = createS3Storage({ ...s3Settings, publicUrl: 'https://cdn.example.net/files/' });
    const url = storage.publicUrlOf('attachments/2026/03/a.png');
    expect(url).toBe('https://cdn.example.net/files/attachments/2026/03/a.png');
    expect(storage.keyOfPublicUrl(url)).toBe('attachments/2026/03/a.png');
    expect(storage.keyOfPublicUrl('https://evil.example/files/attachments/2026/03/a.png')).toBeNull();
  });
});

describe('the local driver', () => {
  const storage = createLocalStorage({ dir: '/nonexistent', secret: 'x'.repeat(32), publicUrl: 'https://desk.example.net/' });

  it('hands out absolute URLs under PUBLIC_URL and also takes the relative form back', () => {
    expect(storage.publicUrlOf('attachments/2026/03/a.png')).toBe('https://desk.example.net/storage/attachments/2026/03/a.png');
    expect(storage.keyOfPublicUrl('https://desk.example.net/storage/attachments/2026/03/a.png')).toBe(
      'attachments/2026/03/a.png',
    );
    expect(storage.keyOfPublicUrl('/storage/attachments/2026/03/a.png')).toBe('attachments/2026/03/a.png');
    expect(storage.keyOfPublicUrl('https://evil.example/storage/attachments/2026/03/a.png')).toBeNull();
  });

  it.each([
    'attachments/../secrets/jwt',
    'secrets/jwt',
    '/attachments/a.png',
    'attachments//a.png',
    'attachments/.hidden',
    'attachments',
  ])('does not take %j for a key', (key) => {
    expect(isSafeKey(key)).toBe(false);
  });
});
