import { describe, expect, it } from 'vitest';
import { clientStatus, endpointStatus } from './integration-status.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');

describe("a client's status", () => {
  it('is active without an expiry, or before it', () => {
    expect(clientStatus({ revoked_at: null, expires_at: null }, NOW)).toBe('active');
    expect(clientStatus({ revoked_at: null, expires_at: '2026-11-27T00:00:00Z' }, NOW)).toBe('active');
  });

  it('is expired from its expiry on', () => {
    expect(clientStatus({ revoked_at: null, expires_at: '2026-11-26T12:00:00Z' }, NOW)).toBe('expired');
  });

  it('is revoked once revoked, expired or not', () => {
    expect(clientStatus({ revoked_at: '2026-11-01T00:00:00Z', expires_at: '2026-11-02T00:00:00Z' }, NOW)).toBe('revoked');
  });
});

describe("an endpoint's status", () => {
  const on = { active: true, failing_since: null, disabled_at: null };

  it('is active, paused by hand, or failing since a time', () => {
    expect(endpointStatus(on)).toEqual({ kind: 'active' });
    expect(endpointStatus({ ...on, active: false })).toEqual({ kind: 'paused' });
    expect(endpointStatus({ ...on, failing_since: '2026-11-25T00:00:00Z' })).toEqual({
      kind: 'failing',
      since: '2026-11-25T00:00:00Z',
    });
  });

  it('reads as turned off by the desk, not as paused, after failing for 3 days', () => {
    expect(endpointStatus({ active: false, failing_since: '2026-11-20T00:00:00Z', disabled_at: '2026-11-23T00:00:00Z' })).toEqual(
      { kind: 'disabled', at: '2026-11-23T00:00:00Z' },
    );
  });
});
