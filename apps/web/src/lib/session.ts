/** The session token, kept in localStorage under `jwt_token` (spec §3), and what it says about the user. */
import { ROLES, USER_TYPES, type Role, type UserType } from '@switchboard/shared';

export const TOKEN_STORAGE_KEY = 'jwt_token';

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

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
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
