import { expect, type Page, test } from '@playwright/test';
import { screenshot } from './support/a11y';
import { createVerifiedUser } from './support/api';
import { operator } from './support/operator';

/**
 * Pages paint from their HTML (docs/decisions/062): the server sends the login page
 * prerendered and a logged-in page rendered with its account's data, so that both show
 * without a script; with scripts, the browser hydrates them without a mismatch.
 */

/** React's hydration failures as a production build reports them (#418-#425), or in words. */
const HYDRATION_ERROR = /Minified React error #4(1[89]|2[0-5])\b|hydrat/i;

/** Collects the console errors and uncaught errors of a page that speak of hydration. */
function hydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) errors.push(error.message);
  });
  return errors;
}

test.describe('pages paint from their HTML', () => {
  test('without JavaScript, the login page shows its form and a logged-in dashboard its shell and balance', async ({
    browser,
    request,
  }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    expect(operator('user', 'credit', user.email, '321', `e2e-html-${user.email}`)).toContain('Credited €321.00');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login/');
    await expect(page).toHaveTitle('Login - Cryptads - Finance & Crypto Display Advertising');
    await expect(page.getByTestId('login-email')).toBeVisible();
    await expect(page.getByTestId('login-password')).toBeVisible();
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await screenshot(page, 'no-script-login');

    // The session arrives as a login answer's cookies; the page itself runs no script.
    const login = await context.request.post('/api/login', {
      data: { email: user.email, password: user.password, captcha: 'none', rememberMe: false },
    });
    expect(login.status()).toBe(200);
    await page.goto('/');
    await expect(page).toHaveTitle('Dashboard - Cryptads - Finance & Crypto Display Advertising');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    await expect(page.getByTestId('header-balance')).toHaveText('€321.00');
    await expect(page.getByTestId('dashboard-balance')).toHaveText('€321.00');
    await expect(page.getByTestId('inventory-card')).toBeVisible();
    await expect(page.getByTestId('today-card')).toBeVisible();
    await screenshot(page, 'no-script-dashboard');
    await context.close();
  });

  test('with JavaScript, the pages hydrate without an error and answer', async ({ page }) => {
    const errors = hydrationErrors(page);
    await page.goto('/login/');
    // Hydrated: the form answers (the button disabled until then, for people and for this test).
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await page.getByTestId('login-email').fill('advertiser@cryptads.example');
    await page.getByTestId('login-password').fill('Advertiser#2026');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('header-balance')).toContainText('€');

    // Each logged-in page opened directly: rendered by the server, hydrated by the browser.
    for (const path of [
      '/',
      '/campaigns/all/',
      '/reports/',
      '/marketplace/',
      '/billing/deposit/',
      '/settings/security/',
    ]) {
      await page.goto(path);
      await expect(page.locator('html[data-ready]')).toBeAttached();
      await expect(page.locator('#root[aria-busy]')).toHaveCount(0);
    }
    await page.goto('/');
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('user-email')).toHaveText('advertiser@cryptads.example');
    await screenshot(page, 'hydrated-dashboard', { fullPage: false });
    expect(errors).toEqual([]);
  });

  /** Opens each path directly (the server's HTML first) and waits for the app to be hydrated. */
  async function openEach(page: Page, list: string[]) {
    const errors = hydrationErrors(page);
    const failed: string[] = [];
    for (const path of list) {
      const before = errors.length;
      await page.goto(path);
      await expect(page.locator('html[data-ready]'), path).toBeAttached();
      await expect(page.locator('#root[aria-busy]'), path).toHaveCount(0);
      // Late effects of the hydration (a Suspense boundary that resolved after it) report here too.
      await page.waitForTimeout(250);
      if (errors.length > before) failed.push(`${path}: ${errors.slice(before).join(' | ')}`);
    }
    return failed;
  }

  test('every screen opened directly hydrates without a mismatch: logged out, advertiser, publisher', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const failed: string[] = [];
    const visitor = await browser.newContext();
    failed.push(
      ...(await openEach(await visitor.newPage(), [
        '/login/',
        '/signup/',
        '/forgot/',
        '/password-recovery/not-a-real-code',
        '/terms/',
        '/privacy-policy/',
        '/no-such-page/',
      ])),
    );
    await visitor.close();

    for (const [email, password, list] of [
      [
        'advertiser@cryptads.example',
        'Advertiser#2026',
        [
          '/',
          '/campaigns/all/',
          '/campaigns/create/',
          '/campaigns/blacklist/',
          '/reports/',
          '/notifications/',
          '/referral-program/',
          '/faq/',
          '/settings/security/',
          '/settings/change-password/',
          '/settings/api-keys/',
          '/billing/details/',
          '/billing/deposit/',
          '/billing/history/',
          '/marketplace/',
          '/marketplace/listings/',
          '/packages/',
          '/orders/',
          '/wishlist/',
          '/cart/',
        ],
      ],
      [
        'publisher@cryptads.example',
        'Publisher#2026',
        ['/', '/websites/all/', '/websites/add/', '/selling/listings/', '/selling/orders/', '/settings/sellers/'],
      ],
    ] as const) {
      const context = await browser.newContext();
      const login = await context.request.post('/api/login', {
        data: { email, password, captcha: 'none', rememberMe: false },
      });
      expect(login.status()).toBe(200);
      failed.push(...(await openEach(await context.newPage(), [...list])));
      await context.close();
    }
    expect(failed).toEqual([]);
  });
});
