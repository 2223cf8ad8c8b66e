import type { NavigateFunction, NavigateOptions } from 'react-router';

/**
 * Navigation for code outside React (the api-client's 401 and banned handlers). The root
 * layout registers the router's navigate function here once it is mounted.
 */
let current: NavigateFunction | null = null;

export function registerNavigate(navigate: NavigateFunction | null) {
  current = navigate;
}

export function navigateTo(path: string, options?: NavigateOptions) {
  if (current) void current(path, options);
  else window.location.assign(path);
}
