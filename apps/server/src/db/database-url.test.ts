/** DATABASE_URL with one host or several, as libpq writes it (DESIGN.md §29). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { needsHostSearch, parseDatabaseUrl } from './database-url.ts';

describe('DATABASE_URL', () => {
  it('reads a list of hosts and gives each a URL of its own, the rest unchanged', () => {
    const url = parseDatabaseUrl('postgres://desk:s%40cret@h1:5432,h2:5433,[::1]/switchboard?sslmode=require');
    expect(url.hosts).toEqual([
      { host: 'h1', port: 5432 },
      { host: 'h2', port: 5433 },
      { host: '[::1]', port: 5432 },
    ]);
    expect(url.target).toBe('read-write');
    expect(url.hosts.map(url.urlOf)).toEqual([
      'postgres://desk:s%40cret@h1:5432/switchboard?sslmode=require',
      'postgres://desk:s%40cret@h2:5433/switchboard?sslmode=require',
      'postgres://desk:s%40cret@[::1]:5432/switchboard?sslmode=require',
    ]);
    expect(needsHostSearch(url)).toBe(true);
  });

  it('takes target_session_attrs as libpq does and leaves it out of the hosts URLs', () => {
    const single = parseDatabaseUrl('postgresql://postgres@db:5432/desk?target_session_attrs=read-write&application_name=a');
    expect(single.target).toBe('read-write');
    expect(single.urlOf({ host: 'db', port: 5432 })).toBe('postgresql://postgres@db:5432/desk?application_name=a');
    expect(needsHostSearch(single)).toBe(true);
    expect(parseDatabaseUrl('postgres://h1,h2/desk?target_session_attrs=any').target).toBe('any');
  });

  it('leaves a URL of one host to node-postgres as it is', () => {
    for (const text of ['postgres://postgres@127.0.0.1:5432/test', 'postgres:///desk', 'postgres://u@/desk?host=/run/pg']) {
      const url = parseDatabaseUrl(text);
      expect(needsHostSearch(url)).toBe(false);
      expect(url.urlOf({ host: 'h', port: 1 })).toBe(text);
    }
  });

  it('refuses a malformed list with a clear startup error', () => {
    const load = (value: string) => () => loadConfig({ DATABASE_URL: value, DATA_DIR: '/tmp/x' });
    expect(load('postgres://h1:5432,,h2:5432/desk')).toThrow(/DATABASE_URL: "" is not a host/);
    expect(load('postgres://h1:5432,h2:99999/desk')).toThrow(/DATABASE_URL: "h2:99999" has no port/);
    expect(load('postgres://h1:5432,h2:x/desk')).toThrow(/DATABASE_URL/);
    expect(load('postgres://,/desk')).toThrow(/DATABASE_URL: "" is not a host/);
    expect(load('mysql://h1,h2/desk')).toThrow(/DATABASE_URL: must look like postgres:/);
    expect(load('postgres://h1,h2/desk?target_session_attrs=standby')).toThrow(/target_session_attrs must be read-write or any/);
    expect(loadConfig({ DATABASE_URL: 'postgres://h1:5432,h2:5433/desk', DATA_DIR: '/tmp/x' }).databaseUrl).toBe(
      'postgres://h1:5432,h2:5433/desk',
    );
  });
});
