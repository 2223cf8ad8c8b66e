/**
 * What the login form starts downloading the moment it is submitted, while the login call
 * runs: the logged-in area's code (the router registers it; a feature cannot import the app
 * layer). By the time the answer arrives, the dashboard's files are on their way or there.
 */
let preload: (() => void) | null = null;

export function registerAfterLoginPreload(fn: (() => void) | null) {
  preload = fn;
}

/** Starts the logged-in area's downloads; doing it twice costs nothing (modules load once). */
export function preloadAfterLogin() {
  preload?.();
}
