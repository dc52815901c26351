/** The session token, kept in localStorage under `jwt_token` (spec §3), and what it says about the user. */
import { ROLES, USER_TYPES, type Role, type UserType } from '@switchboard/shared';

export const TOKEN_STORAGE_KEY = 'jwt_token';
/** Why the last session ended, kept for this tab only: the sign-in screen tells the user. */
export const SESSION_END_STORAGE_KEY = 'session_end_reason';

export interface SessionClaims {
  sub: string;
  name: string;
  number: string;
  user_type: UserType;
  role: Role;
  exp: number;
}

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

/** A new session: the note of why the previous one ended has served its purpose. */
export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  sessionStorage.removeItem(SESSION_END_STORAGE_KEY);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/** Decodes (does not verify) the token for the UI; the server checks every request. */
export function decodeToken(token: string | null): SessionClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    );
    const claims = JSON.parse(json) as Partial<SessionClaims>;
    if (!USER_TYPES.includes(claims.user_type as UserType) || !ROLES.includes(claims.role as Role)) return null;
    return claims as SessionClaims;
  } catch {
    return null;
  }
}

/** The claims of the stored token, or null when signed out. */
export function currentSession(): SessionClaims | null {
  return decodeToken(readToken());
}

/** Why the server ended a session (the `details.reason` of its 401 reply). */
export type SessionEndReason = 'account_changed' | 'expired';

export function asSessionEndReason(value: unknown): SessionEndReason | null {
  return value === 'account_changed' || value === 'expired' ? value : null;
}

export function rememberSessionEnd(reason: SessionEndReason): void {
  sessionStorage.setItem(SESSION_END_STORAGE_KEY, reason);
}

/** The reason the last session of this tab ended, until the next sign-in. */
export function sessionEndReason(): SessionEndReason | null {
  return asSessionEndReason(sessionStorage.getItem(SESSION_END_STORAGE_KEY));
}
