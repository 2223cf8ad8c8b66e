import { GENERIC_MESSAGES } from '@cryptads/contract/api';
import { AUTH_MESSAGES } from '@cryptads/contract/auth-messages';
import { expect, test } from '@playwright/test';
import { E2E_URL } from './playwright.config';
import { checkScreen, screenshot } from './support/a11y';
import {
  api,
  createVerifiedUser,
  SESSION_COOKIE,
  enableTwoFactor,
  STRONG_PASSWORD,
  totp,
  uniqueEmail,
  verificationCode,
} from './support/api';
import { loginThroughForm, typeCode } from './support/ui';

test.describe('login', () => {
  test('shows the spec messages for empty fields and the server reason for a wrong password', async ({ page }) => {
    await page.goto('/login/');
    await expect(page).toHaveTitle('Login - Cryptads - Finance & Crypto Display Advertising');
    await expect(page.getByText('Not registered yet?')).toBeVisible();
    await screenshot(page, 'login'); // axe: login-error, the same form with its error
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText(AUTH_MESSAGES.loginPasswordRequired)).toBeVisible();
    await page.getByTestId('login-email').fill('not-an-email');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

    await loginThroughForm(page, 'advertiser@cryptads.example', 'Wrong#Passw0rd');
    await expect(page.getByTestId('form-error')).toHaveText(AUTH_MESSAGES.wrongCredentials);
    await checkScreen(page, 'login-error');
  });

  test('the demo advertiser logs in and sees the balance of the demo deposit', async ({ page }) => {
    await loginThroughForm(page, 'advertiser@cryptads.example', 'Advertiser#2026');
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('header-balance')).toContainText('€2,500.00');
    await expect(page.getByTestId('add-funds')).toBeVisible();
    await screenshot(page, 'dashboard-advertiser'); // axe: account-dashboard-advertiser
    // A logged-in visitor is sent away from the public pages.
    await page.goto('/login/');
    await expect(page).toHaveURL('/');
  });

  test('keeps the session out of the page’s scripts and refuses forms posted from another site', async ({ page }) => {
    await loginThroughForm(page, 'publisher@cryptads.example', 'Publisher#2026');
    await expect(page).toHaveURL('/');
    // The token is in an HttpOnly cookie: the browser holds it, no script in the page reads it.
    const session = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain(SESSION_COOKIE);
    expect(visible).not.toContain(session?.value ?? 'no session cookie');

    // Another site's page posts forms at us: a login (login CSRF) and a logout.
    const attacker = 'http://attacker.test/';
    const form = (action: string) =>
      `<form method="post" action="${E2E_URL}${action}"><input name="email" value="x@y.z"></form>` +
      '<script>document.forms[0].submit()</script>';
    await page.route(attacker, (route) => route.fulfill({ contentType: 'text/html', body: form('/api/login') }));
    await page.goto(attacker);
    await expect(page.locator('body')).toContainText(GENERIC_MESSAGES.crossSiteRequest);
    await page.unroute(attacker);
    await page.route(attacker, (route) => route.fulfill({ contentType: 'text/html', body: form('/api/user/logout') }));
    await page.goto(attacker);
    await expect(page).toHaveURL(`${E2E_URL}/api/user/logout`);
    await expect(page.locator('body')).not.toContainText('"ok":true');
    // Still logged in.
    await page.goto('/');
    await expect(page.getByTestId('dashboard')).toBeVisible();
  });

  test('an account with an unconfirmed email confirms it in the popup and is logged in', async ({ page, request }) => {
    const email = uniqueEmail('unverified');
    const reg = await api(request, 'POST', '/register', {
      data: { email, firstName: 'Una', lastName: 'Verified', userType: 1, password: STRONG_PASSWORD, captcha: 'none' },
    });
    expect(reg.status).toBe(200);
    await loginThroughForm(page, email, STRONG_PASSWORD);
    await expect(page.getByRole('dialog', { name: 'Confirm your email address' })).toBeVisible();
    await checkScreen(page, 'login-unverified-popup');
    // The sign-up mail's code is still the latest one.
    await typeCode(page, await verificationCode(request, email), 'verify-email-code');
    await page.getByTestId('verify-email-submit').click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('dashboard-alias')).toContainText('Una Verified');
  });

  test('with two-factor on, the login continues on the six-box screen', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    const secret = await enableTwoFactor(request, user.token);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await loginThroughForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/login2fa\/$/);
    // The second step is not an error: the browser's console stays clean (docs/decisions/047).
    expect(consoleErrors).toEqual([]);
    await expect(page.getByTestId('two-factor-countdown')).toBeVisible();
    await checkScreen(page, 'login-2fa');

    await page.getByTestId('two-factor-submit').click();
    await expect(page.getByText(AUTH_MESSAGES.twoFactorInvalid)).toBeVisible();
    await typeCode(page, '000000', 'two-factor-code');
    await page.getByTestId('two-factor-submit').click();
    await expect(page.getByText(AUTH_MESSAGES.twoFactorInvalid)).toBeVisible();

    // The code of the next step: the current one was spent turning 2FA on.
    await typeCode(page, await totp(secret, 1), 'two-factor-code');
    await page.getByTestId('two-factor-submit').click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
  });
});
