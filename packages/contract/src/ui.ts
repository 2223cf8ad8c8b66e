/**
 * Exact texts of the web app's shared screens (docs/product/account.md#screens-and-routes, #messages) that are not tied to
 * one API call. The web app shows them; e2e specs look for them.
 */
export const UI_MESSAGES = {
  notFoundTitle: '404 - Page not Found!',
  routerErrorTitle: 'Unexpected Application Error!',
  errorTitle: 'Something went wrong!',
  errorButton: 'Try Again',
  successTitle: 'Success!',
  successButton: 'Continue',
  haveAccountPrompt: 'Already on the product?',
  haveAccountLink: 'Login',
  noAccountPrompt: 'Not registered yet?',
  noAccountLink: 'Create an account',
  getStarted: 'Get Started',
  noNotifications: 'No notifications yet.',
  /** Asked before every destructive action (docs/product/account.md#settings; docs/product/campaigns.md#statuses-and-actions). */
  confirmDestructive: 'Are you sure? You may not be able to revert this!',
} as const;

/** Page titles (docs/product/account.md#page-titles): '{page} - {product} - Finance & Crypto Display Advertising'. */
export const TITLE_TAGLINE = 'Finance & Crypto Display Advertising';
export const pageTitle = (page: string, product: string, marketplace = false) =>
  marketplace ? `${page} - ${product} Marketplace` : `${page} - ${product} - ${TITLE_TAGLINE}`;

/** Product name when the configuration has not answered yet. */
export const DEFAULT_PRODUCT_NAME = 'Cryptads';

/** How long "Copied!" shows after copying a code, a link or a detail (docs/product/limits.md#websites). */
export const COPY_FEEDBACK_MS = 1_000;
