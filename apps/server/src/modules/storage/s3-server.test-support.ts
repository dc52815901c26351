/** An S3-compatible server (s3rver) inside the test process, with one bucket, and a browser's POST to it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../../config.ts';
import type { UploadForm } from './storage-contract.ts';

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

const BUCKET = 'switchboard';
/** s3rver's fixed test account. */
const CREDENTIALS = 'S3RVER';

export interface TestS3Server {
  /** The driver settings that point at this server. */
  settings: S3Settings;
  /** The same as STORAGE_DRIVER and S3_* variables, for an app under test. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'switchboard-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      driver: 's3',
      endpoint,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: CREDENTIALS,
      secretAccessKey: CREDENTIALS,
      forcePathStyle: true,
      publicUrl: undefined,
    },
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: CREDENTIALS,
      S3_SECRET_ACCESS_KEY: CREDENTIALS,
      S3_FORCE_PATH_STYLE: 'on',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** POSTs a file with an upload form over the network, as a browser does: the fields first, the file last. */
export function postToStore(form: UploadForm, bytes: Buffer, fieldOverrides: Record<string, string> = {}): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...fieldOverrides })) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)]), 'photo');
  return fetch(form.url, { method: 'POST', body });
}
