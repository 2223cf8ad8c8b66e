/**
 * What the login form starts downloading the moment it is submitted, while the login call
 * runs: the logged-in area's code (the router registers it; a feature cannot import the app
 * layer). By the time the answer arrives, the dashboard's files are on their way or there.
 */
let preload: (() => Promise<unknown>) | null = null;

/**
 * At most this long a successful login waits for those files before it opens the dashboard:
 * a level that is not there yet suspends, and React reveals it only 300 ms after its loader.
 */
export const AFTER_LOGIN_WAIT_MS = 1500;

export function registerAfterLoginPreload(fn: (() => Promise<unknown>) | null) {
  preload = fn;
}

/**
 * Starts the logged-in area's downloads (doing it twice costs nothing: modules load once) and
 * resolves when they are there, or after AFTER_LOGIN_WAIT_MS. Never rejects: a module that
 * failed to load is the router's to report when it renders.
 */
export function preloadAfterLogin(): Promise<void> {
  const ready = Promise.resolve()
    .then(() => preload?.())
    .then(
      () => undefined,
      () => undefined,
    );
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, AFTER_LOGIN_WAIT_MS))]);
}
