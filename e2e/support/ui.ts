import { expect, type Page } from '@playwright/test';

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
