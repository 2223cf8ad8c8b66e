/**
 * What the login form starts while a person logs in (the router registers it; a feature
 * cannot import the app layer):
 *
 * - the logged-in area's code (its shell and the dashboard), from the moment the form is first
 *   focused: typing the credentials takes longer than downloading them, so by the submit they
 *   are usually there (docs/decisions/067);
 * - the dashboard's calls (the account, the summary cards, the news...), the moment the login
 *   answer set the session's cookies, beside the wait for that code: the dashboard then opens
 *   with its data in the cache instead of asking for the account first and for its cards after.
 */
let preload: (() => Promise<unknown>) | null = null;
let ask: (() => unknown) | null = null;

/**
 * At most this long a successful login waits for those files before it opens the dashboard:
 * a level that is not there yet suspends, and React reveals it only 300 ms after its loader.
 */
export const AFTER_LOGIN_WAIT_MS = 1500;

export function registerAfterLoginPreload(
  files: (() => Promise<unknown>) | null,
  calls: (() => unknown) | null = null,
) {
  preload = files;
  ask = calls;
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

/**
 * Starts the dashboard's calls into the query cache: call it once the login answer set the
 * session's cookies (the calls go with them). Never throws: a call that fails is asked again
 * by the component that shows it.
 */
export function askAfterLogin(): void {
  void Promise.resolve()
    .then(() => ask?.())
    .catch(() => undefined);
}
