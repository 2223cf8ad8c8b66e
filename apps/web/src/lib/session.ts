import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AccountType } from '@cryptads/contract/account-types';
import { SESSION_COOKIE_DAYS } from '@cryptads/contract/limits';
import { USER_TYPE_COOKIE } from '@cryptads/contract/session';
import { readCookie, writeCookie } from './cookies';

/**
 * The login session (docs/decisions/034-browser-session-cookie.md): the server keeps its token
 * in an HttpOnly cookie that no script reads, and sets the account type beside it in a
 * readable cookie. That second cookie is what the app reads to know that someone is logged in
 * and as what; the server clears both on logout and on any 401 of a session that is over.
 */
export { USER_TYPE_COOKIE };

export type Session = { userType: AccountType };

const listeners = new Set<() => void>();
let snapshot: Session | null = null;
let snapshotType = 0;

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  // On the server (entry-server.tsx) there are no cookies to read: its render is given the
  // session through ServerSessionProvider.
  if (typeof document === 'undefined') return null;
  const rawType = Number(readCookie(USER_TYPE_COOKIE) ?? '0');
  const userType = (rawType === 1 || rawType === 2 || rawType === 3 ? rawType : 0) as AccountType;
  // useSyncExternalStore needs a stable object while nothing changed.
  if (userType !== snapshotType) {
    snapshotType = userType;
    snapshot = userType ? { userType } : null;
  }
  return snapshot;
}

/**
 * Records the account-type cookie as a login answer's Set-Cookie does: for component tests,
 * which have no server. The app itself only calls refreshSession after a login.
 */
export function saveSession(session: Session) {
  writeCookie(USER_TYPE_COOKIE, String(session.userType), SESSION_COOKIE_DAYS * 24 * 60 * 60);
  emit();
}

/**
 * Forgets the session on this page at once (a 401, a disabled account). The HttpOnly token
 * cookie is the server's to clear: it does with that 401, and with logout.
 */
export function clearSession() {
  writeCookie(USER_TYPE_COOKIE, '', 0);
  emit();
}

/** Tells subscribers to read the cookies again (after a login, and the interval check). */
export function refreshSession() {
  emit();
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The session of the request a page is rendered for on the server (entry-server.tsx), which
 * has no cookies to read; absent in the browser. Hydration reads the cookie, which says what
 * the server was told.
 */
const ServerSession = createContext<Session | null | undefined>(undefined);
export const ServerSessionProvider = ServerSession.Provider;

export function useSession(): Session | null {
  const server = useContext(ServerSession);
  return useSyncExternalStore(subscribeSession, getSession, server === undefined ? getSession : () => server);
}
