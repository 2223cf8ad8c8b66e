import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_CHECK_INTERVAL_MS } from '@cryptads/contract/limits';
import { getSession, refreshSession } from '../lib/session';

/**
 * docs/product/account.md#session-and-states: every minute, a session whose cookie is gone (expired, cleared in another
 * tab) logs the user out and the cached data goes with it. The guards see the change and
 * send the visitor to /login/.
 */
export function useSessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last = getSession();
    const timer = window.setInterval(() => {
      const session = getSession();
      if (last && !session) queryClient.clear();
      if (session !== last) refreshSession();
      last = session;
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [queryClient]);
}
