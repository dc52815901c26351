/**
 * What the cluster run stands on, each part its own and disposable: a database on the machine's
 * PostgreSQL, a logical database of the machine's Redis, an S3-compatible store (s3rver) and an
 * nginx round-robin balancer in front of the server processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import { freePort } from '../bench/processes.ts';
import { withClient } from '../faults/seed.ts';
import { sleep } from '../faults/server-process.ts';

export interface Disposable {
  close(): Promise<void>;
}

async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(statement));
}

/** A new empty database on the server of `adminUrl`; `close` drops it. */
export async function createDatabase(adminUrl: string, prefix: string): Promise<Disposable & { url: string; name: string }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, close: () => onAdmin(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** Empties the run's own logical Redis database: every count starts from nothing. */
export async function flushRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
}

export const BUCKET = 'switchboard';

/** s3rver on a loopback port with the bucket made; its files in a temporary folder. */
export async function startObjectStore(): Promise<Disposable & { endpoint: string }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'switchboard-cluster-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * nginx's configuration for the run: round robin over `upstreams`, the client's address passed on,
 * a failed upstream passed over for 10 s, and event streams neither buffered nor cut after 60 s.
 */
export function balancerConfig(port: number, upstreams: string[], folder: string): string {
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=1 fail_timeout=10s;`).join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(folder, kind)};`)
    .join('\n');
  return `${userInfo().uid === 0 ? 'user root root;\n' : ''}worker_processes 1;
pid ${path.join(folder, 'nginx.pid')};
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  client_max_body_size 12m;
  upstream desk {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://desk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
    location = /api/v1/events {
      proxy_pass http://desk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** nginx in the foreground as a child of the run; resolves once it answers /readyz through an upstream. */
export async function startBalancer(upstreams: string[]): Promise<Disposable & { url: string }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'switchboard-cluster-nginx-'));
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(folder, kind));
  const port = await freePort();
  const config = path.join(folder, 'nginx.conf');
  writeFileSync(config, balancerConfig(port, upstreams, folder));
  const errorLog = path.join(folder, 'error.log');
  const child: ChildProcess = spawn('nginx', ['-p', folder, '-c', config, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  for (const began = Date.now(); Date.now() - began < 10_000; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, close };
  }
  await close();
  throw new Error(`nginx did not answer within 10 s: ${output}`);
}
