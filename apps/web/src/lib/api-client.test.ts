import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError } from './api-client.ts';
import { jsonReply, mockApi } from './test-support.tsx';

const EXPIRED = jsonReply(401, { message: 'Your session has ended. Please sign in again.', code: 'unauthorized' });

describe('a 401 from the API', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function watchReload() {
    return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  }

  it('signs out and reloads at / when validate-token refuses the token too', async () => {
    const calls = mockApi({ 'GET /api/v1/tickets/x': EXPIRED, 'GET /api/v1/users/validate-token': EXPIRED });
    const reload = watchReload();
    localStorage.setItem('jwt_token', 'old-token');

    await expect(apiRequest('/tickets/x')).rejects.toBeInstanceOf(ApiError);

    expect(calls.map((call) => call.path)).toEqual(['/api/v1/tickets/x', '/api/v1/users/validate-token']);
    expect(localStorage.getItem('jwt_token')).toBeNull();
    expect(reload).toHaveBeenCalledWith('/');
  });

  it('keeps the session when validate-token still accepts the token', async () => {
    mockApi({ 'GET /api/v1/tickets/x': EXPIRED, 'GET /api/v1/users/validate-token': { valid: true, user: {} } });
    const reload = watchReload();
    localStorage.setItem('jwt_token', 'good-token');

    await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('jwt_token')).toBe('good-token');
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not sign anybody out when validate-token cannot be reached (offline)', async () => {
    mockApi({
      'GET /api/v1/tickets/x': EXPIRED,
      'GET /api/v1/users/validate-token': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const reload = watchReload();
    localStorage.setItem('jwt_token', 'good-token');

    await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('jwt_token')).toBe('good-token');
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not sign anybody out when the server is in trouble', async () => {
    mockApi({
      'GET /api/v1/tickets/x': EXPIRED,
      'GET /api/v1/users/validate-token': jsonReply(503, { message: 'The database does not answer.', code: 'unavailable' }),
    });
    const reload = watchReload();
    localStorage.setItem('jwt_token', 'good-token');

    await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 401 });
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves a token alone that replaced the refused one meanwhile (a sign-in in another tab)', async () => {
    mockApi({
      'GET /api/v1/tickets/x': EXPIRED,
      'GET /api/v1/users/validate-token': () => {
        localStorage.setItem('jwt_token', 'new-token');
        return EXPIRED;
      },
    });
    const reload = watchReload();
    localStorage.setItem('jwt_token', 'old-token');

    await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('jwt_token')).toBe('new-token');
    expect(reload).not.toHaveBeenCalled();
  });

  it('validates once for many 401s at the same moment', async () => {
    const calls = mockApi({ 'GET /api/v1/tickets/x': EXPIRED, 'GET /api/v1/users/validate-token': EXPIRED });
    watchReload();
    localStorage.setItem('jwt_token', 'old-token');

    await Promise.allSettled([apiRequest('/tickets/x'), apiRequest('/tickets/x'), apiRequest('/tickets/x')]);

    expect(calls.filter((call) => call.path === '/api/v1/users/validate-token')).toHaveLength(1);
  });

  it('never signs out on a public call', async () => {
    const calls = mockApi({ 'POST /api/v1/users/login': EXPIRED });
    const reload = watchReload();
    localStorage.setItem('jwt_token', 'some-token');

    await expect(apiRequest('/users/login', { method: 'POST', body: {}, anonymous: true })).rejects.toMatchObject({
      status: 401,
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  const ended = (reason?: string) =>
    jsonReply(401, {
      message: 'Your session has ended. Please sign in again.',
      code: 'unauthorized',
      ...(reason ? { details: { reason } } : {}),
    });

  it.each(['account_changed', 'expired'] as const)(
    'remembers for the sign-in screen that the session ended as %s',
    async (reason) => {
      mockApi({ 'GET /api/v1/tickets/x': ended(reason), 'GET /api/v1/users/validate-token': () => ended(reason) });
      watchReload();
      localStorage.setItem('jwt_token', 'old-token');

      await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 401 });

      expect(sessionStorage.getItem('session_end_reason')).toBe(reason);
    },
  );

  it("takes the first reply's reason when validate-token gives none", async () => {
    mockApi({ 'GET /api/v1/tickets/x': ended('account_changed'), 'GET /api/v1/users/validate-token': () => ended() });
    watchReload();
    localStorage.setItem('jwt_token', 'old-token');

    await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 401 });

    expect(sessionStorage.getItem('session_end_reason')).toBe('account_changed');
  });

  it('remembers no reason when the server gives none, or one it does not know', async () => {
    mockApi({ 'GET /api/v1/tickets/x': ended('mystery'), 'GET /api/v1/users/validate-token': () => ended() });
    const reload = watchReload();
    localStorage.setItem('jwt_token', 'old-token');

    await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 401 });

    expect(reload).toHaveBeenCalledWith('/');
    expect(sessionStorage.getItem('session_end_reason')).toBeNull();
  });

  it('keeps no reason when the session goes on', async () => {
    mockApi({ 'GET /api/v1/tickets/x': ended('expired'), 'GET /api/v1/users/validate-token': { valid: true, user: {} } });
    watchReload();
    localStorage.setItem('jwt_token', 'good-token');

    await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 401 });

    expect(sessionStorage.getItem('session_end_reason')).toBeNull();
  });

  it('tells a network failure apart from a refusal', async () => {
    mockApi({ 'GET /api/v1/tickets/x': () => Promise.reject(new TypeError('Failed to fetch')) });
    localStorage.setItem('jwt_token', 'some-token');

    await expect(apiRequest('/tickets/x')).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(localStorage.getItem('jwt_token')).toBe('some-token');
  });
});
