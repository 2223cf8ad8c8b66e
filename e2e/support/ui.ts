import { expect, type Page } from '@playwright/test';
import { createVerifiedUser } from './api';

/** Types a six-digit code into the six boxes, the way a person does (auto-advance). */
export async function typeCode(page: Page, code: string, scope?: string) {
  const root = scope ? page.getByTestId(scope) : page;
  await root.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login/');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
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

/** Signs up a fresh verified user through the API and logs in through the form. */
export async function loginAsNew(
  page: Page,
  request: Parameters<typeof createVerifiedUser>[0],
  role: 'advertiser' | 'publisher',
) {
  const user = await createVerifiedUser(request, role);
  await loginThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  return user;
}

/** Waits until the opening transitions of dialogs and popovers have finished, so that screenshots and axe see the final colours. */
export async function settle(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}
