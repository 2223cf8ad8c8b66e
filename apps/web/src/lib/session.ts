import { useSyncExternalStore } from 'react';
import type { AccountType } from '@cryptads/contract/account-types';
import { SESSION_COOKIE_DAYS } from '@cryptads/contract/limits';
import { USER_TYPE_COOKIE } from '@cryptads/contract/session';

/**
 * The login session (docs/decisions/034-browser-session-cookie.md): the server keeps its token
 * in an HttpOnly cookie that no script reads, and sets the account type beside it in a
 * readable cookie. That second cookie is what the app reads to know that someone is logged in
 * and as what; the server clears both on logout and on any 401 of a session that is over.
 */
export { USER_TYPE_COOKIE };

export type Session = { userType: AccountType };

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: only the readable account-type cookie, never the session's token.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

const listeners = new Set<() => void>();
let snapshot: Session | null = null;
let snapshotType = 0;

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
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

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
