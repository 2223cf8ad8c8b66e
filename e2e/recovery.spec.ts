import { AUTH_MESSAGES } from '@cryptads/contract/auth-messages';
import { expect, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { createVerifiedUser, latestMail } from './support/api';
import { loginThroughForm } from './support/ui';

test('a person who forgot the password resets it from the mailed link and logs in', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'publisher');
  await page.goto('/forgot/');
  await expect(page.getByText('Not registered yet?')).toBeVisible();
  await checkScreen(page, 'forgot');
  await page.getByTestId('forgot-form').getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('recovery-sent')).toContainText(AUTH_MESSAGES.recoverySent);
  await checkScreen(page, 'forgot-sent');

  const mail = await latestMail(request, user.email);
  const link = mail?.text.match(/https?:\/\/\S+\/password-recovery\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link as string).pathname);
  await checkScreen(page, 'reset');

  const newPassword = 'N3w!Passw0rd';
  const form = page.getByTestId('reset-form');
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByLabel('Confirm password', { exact: true }).fill('other');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password is not strong enough.')).toBeVisible();
  await expect(page.getByText('Both passwords must match.')).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('reset-success')).toContainText(AUTH_MESSAGES.resetSuccess);
  await checkScreen(page, 'reset-success');
  await page
    .getByRole('link', { name: 'Login' })
    .or(page.getByRole('button', { name: 'Login' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/login\/$/);

  await loginThroughForm(page, user.email, user.password);
  await expect(page.getByTestId('form-error')).toHaveText(AUTH_MESSAGES.wrongCredentials);
  await loginThroughForm(page, user.email, newPassword);
  await expect(page).toHaveURL('/');
});
