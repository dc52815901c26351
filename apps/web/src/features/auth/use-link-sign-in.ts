import { useState } from 'react';
import { currentSession, decodeToken, storeToken, type SessionClaims } from '../../lib/session.ts';
import type { TokenCheck } from '../../lib/api-client.ts';
import { useHandOverToken } from './use-hand-over-token.ts';

/** A valid link for another account than the one signed in: waits for the user's answer. */
export interface AccountSwitch {
  token: string;
  next: SessionClaims;
  current: SessionClaims;
}

export interface LinkSignInEvents {
  /** The session to use is stored: go on into the app. */
  onReady: (replaced: boolean) => void;
  /** The link is refused; `current` is the session that stays, if any. */
  onRefused: (current: SessionClaims | null) => void;
  /** The server could not say (offline or in trouble). */
  onUnknown: () => void;
}

/**
 * `/?q=<token>` (spec §2). Without a session a valid link signs in. With one, a link of the same
 * user just continues, a link of another user asks first, and a refused link keeps the session:
 * a link must never swap the account silently.
 */
export function useLinkSignIn(q: string | undefined, events: LinkSignInEvents) {
  const [pending, setPending] = useState<AccountSwitch | null>(null);

  const decide = (result: TokenCheck, token: string) => {
    const current = currentSession();
    const next = decodeToken(token);
    if (result === 'unknown') return events.onUnknown();
    if (result === 'invalid' || !next) return events.onRefused(current);
    if (!current) {
      storeToken(token);
      return events.onReady(true);
    }
    if (current.sub === next.sub) return events.onReady(false);
    setPending({ token, next, current });
  };
  const checking = useHandOverToken(q, decide);

  const answer = (switchAccount: boolean) => {
    if (!pending) return;
    if (switchAccount) storeToken(pending.token);
    setPending(null);
    events.onReady(switchAccount);
  };

  return { checking, pending, answer };
}
