import { useEffect, useEffectEvent, useState } from 'react';
import { checkToken, type TokenCheck } from '../../lib/api-client.ts';

/**
 * `/?q=<token>`: another application hands over a session (spec §2). Validates the token once and
 * reports the answer; true while the check runs.
 */
export function useHandOverToken(token: string | undefined, onChecked: (result: TokenCheck, token: string) => void): boolean {
  const [checkedToken, setCheckedToken] = useState<string | null>(null);
  const report = useEffectEvent(onChecked);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void checkToken(token).then((result) => {
      if (cancelled) return;
      setCheckedToken(token);
      report(result, token);
    });
    return () => {
      cancelled = true;
    };
  }, [token]);

  return Boolean(token) && checkedToken !== token;
}
