import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_CHECK_INTERVAL_MS } from '@cryptads/contract/limits';
import { getSessionToken, refreshSession } from '../lib/session';

/**
 * Spec 000 §4: every minute, a session whose cookie is gone (expired, cleared in another
 * tab) logs the user out and the cached data goes with it. The guards see the change and
 * send the visitor to /login/.
 */
export function useSessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let lastToken = getSessionToken();
    const timer = window.setInterval(() => {
      const token = getSessionToken();
      if (lastToken && !token) queryClient.clear();
      if (token !== lastToken) refreshSession();
      lastToken = token;
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [queryClient]);
}
