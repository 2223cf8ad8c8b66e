import { expect, type Page } from '@playwright/test';
import { createVerifiedUser } from './api';

/** Types a six-digit code into the six boxes, the way a person does (auto-advance). */
export async function typeCode(page: Page, code: string, scope?: string) {
  const root = scope ? page.getByTestId(scope) : page;
  await root.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** The login journeys: what a person types into the login form. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Every other journey starts logged in, as a returning visitor does: a real login through the
 * API, whose Set-Cookie lands in the browser's cookies (page.request shares them; the token's
 * is HttpOnly, docs/decisions/034), then the dashboard. The form itself is covered by
 * login.spec.ts and the journeys that end in a login.
 */
export async function logIn(page: Page, { email, password }: { email: string; password: string }) {
  const res = await page.request.post('/api/login', {
    data: { email, password, captcha: 'none', rememberMe: false },
  });
  expect(res.status(), `login of ${email}`).toBe(200);
  await page.goto('/');
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/** Opens the user menu and checks what it says about the account. */
export async function expectUserMenu(
  page: Page,
  { alias, role, email }: { alias: string; role: string; email: string },
) {
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-alias')).toHaveText(alias);
  await expect(page.getByTestId('user-role')).toHaveText(role);
  await expect(page.getByTestId('user-email')).toHaveText(email);
}

/** Signs up a fresh verified user through the API and opens its dashboard, logged in. */
export async function loginAsNew(
  page: Page,
  request: Parameters<typeof createVerifiedUser>[0],
  role: 'advertiser' | 'publisher',
) {
  const user = await createVerifiedUser(request, role);
  await logIn(page, user);
  return user;
}

/** Waits until the opening transitions of dialogs and popovers have finished, so that screenshots and axe see the final colours. */
export async function settle(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}
