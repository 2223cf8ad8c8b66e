import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * Runtime page-title overrides per path (docs/product/account.md#page-titles): a screen that knows a better name
 * than the route table (a campaign's name, say) sets it while it is mounted.
 */
const overrides = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

const normalise = (path: string) => (path.endsWith('/') ? path : `${path}/`);

export function setPageTitleOverride(path: string, title: string | null) {
  const key = normalise(path);
  if (title === null) overrides.delete(key);
  else overrides.set(key, title);
  version += 1;
  for (const listener of listeners) listener();
}

export function getPageTitleOverride(path: string): string | null {
  return overrides.get(normalise(path)) ?? null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-renders when any override changes; returns the override of `path`, if any. */
export function usePageTitleOverrideOf(path: string): string | null {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return getPageTitleOverride(path);
}

/** Sets the page name of the current path while the calling component is mounted. */
export function usePageTitle(title: string | null | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    setPageTitleOverride(pathname, title);
    return () => setPageTitleOverride(pathname, null);
  }, [pathname, title]);
}
