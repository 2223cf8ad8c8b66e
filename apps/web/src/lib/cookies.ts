import { createContext, useContext } from 'react';

/**
 * The page's readable cookies: the document's in the browser; on the server, the request's
 * that the renderer was given (entry-server.tsx), so that what a cookie decides is drawn the
 * same in the server's HTML and in the hydration (docs/decisions/062). Never the session's
 * token: it is HttpOnly, and the server does not pass it.
 */
const ServerCookies = createContext<Readonly<Record<string, string>> | undefined>(undefined);
export const ServerCookiesProvider = ServerCookies.Provider;

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: readable cookies of the app's own (the account type, a preference), never the session's token.
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/** A readable cookie as the render sees it: the request's on the server, the document's in the browser. */
export function useCookie(name: string): string | null {
  const server = useContext(ServerCookies);
  return server ? (server[name] ?? null) : readCookie(name);
}
