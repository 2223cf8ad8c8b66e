import { useSyncExternalStore } from 'react';
import type { AccountType } from '@cryptads/contract/account';
import { SESSION_COOKIE_DAYS } from '@cryptads/contract/limits';

/**
 * The login session (spec 000 §4): the token lives in a cookie for 28 days, the account type
 * beside it. "Temporary credentials" (a token that may only call the email-verification
 * endpoints) live in sessionStorage and never count as being logged in.
 */
export const SESSION_COOKIE = 'cryptads_session';
export const USER_TYPE_COOKIE = 'cryptads_user_type';
export const TEMP_CREDENTIALS_KEY = 'cryptads_temp_credentials';

export type Session = { token: string; userType: AccountType };
export type TempCredentials = { token: string; email: string };

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the session cookie is the spec's storage (spec 000 §4).
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

const listeners = new Set<() => void>();
let snapshot: Session | null = null;
let snapshotKey = '';

function emit() {
  for (const listener of listeners) listener();
}

export function getSessionToken(): string | null {
  const token = readCookie(SESSION_COOKIE);
  return token ? token : null;
}

export function getSession(): Session | null {
  const token = getSessionToken();
  const rawType = Number(readCookie(USER_TYPE_COOKIE) ?? '0');
  const userType = (rawType === 1 || rawType === 2 || rawType === 3 ? rawType : 0) as AccountType;
  const key = token ? `${token}:${userType}` : '';
  // useSyncExternalStore needs a stable object while nothing changed.
  if (key !== snapshotKey) {
    snapshotKey = key;
    snapshot = token ? { token, userType } : null;
  }
  return snapshot;
}

export function saveSession(session: Session) {
  const maxAge = SESSION_COOKIE_DAYS * 24 * 60 * 60;
  writeCookie(SESSION_COOKIE, session.token, maxAge);
  writeCookie(USER_TYPE_COOKIE, String(session.userType), maxAge);
  clearTempCredentials();
  emit();
}

export function clearSession() {
  writeCookie(SESSION_COOKIE, '', 0);
  writeCookie(USER_TYPE_COOKIE, '', 0);
  clearTempCredentials();
  emit();
}

/** Tells subscribers to read the cookie again (the interval check calls it). */
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

export function getTempCredentials(): TempCredentials | null {
  try {
    const raw = window.sessionStorage.getItem(TEMP_CREDENTIALS_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'token' in parsed && typeof parsed.token === 'string') {
      const email = 'email' in parsed && typeof parsed.email === 'string' ? parsed.email : '';
      return { token: parsed.token, email };
    }
  } catch {
    // Storage blocked or corrupted: behave as if there were none.
  }
  return null;
}

export function saveTempCredentials(credentials: TempCredentials) {
  try {
    window.sessionStorage.setItem(TEMP_CREDENTIALS_KEY, JSON.stringify(credentials));
  } catch {
    // Private mode without storage: the popup still works with the token it holds.
  }
}

export function clearTempCredentials() {
  try {
    window.sessionStorage.removeItem(TEMP_CREDENTIALS_KEY);
  } catch {
    // Nothing to clear.
  }
}
