import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { dataDirOf, E2E_PORT } from '../playwright.config';
import { latestMail, STRONG_PASSWORD, totp, uniqueEmail } from './api';
import { loginThroughForm, typeCode } from './ui';

const root = path.resolve(import.meta.dirname, '../..');

/** The data folder of the server the running test talks to (its project's base URL). */
function dataDir() {
  const baseURL = test.info().project.use.baseURL;
  return dataDirOf(baseURL ? Number(new URL(baseURL).port) : E2E_PORT);
}

/**
 * Runs `npm run operator -- <args>` the way the README documents it; with the e2e server
 * running on the embedded database, the CLI hands the command to that server.
 */
export function operator(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/operator/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir() },
    encoding: 'utf8',
  });
}

/**
 * A new operator, made by the command line, signed in on `page` with two-factor on: the
 * password is set from the mailed link, the first login lands on the set-up screen
 * (`onSetupScreen` may look at it first), the code from the shown secret turns it on, and the
 * page ends on the back office's overview. Answers the operator's email.
 */
export async function signInNewOperator(
  page: Page,
  opts: { label: string; firstName?: string; onSetupScreen?: (page: Page) => Promise<void> },
): Promise<string> {
  const email = uniqueEmail(opts.label);
  expect(operator('operator', 'create', email, opts.firstName ?? 'E2e', 'Operator')).toContain(
    `Operator ${email} created`,
  );
  const mail = await latestMail(page.request, email);
  const link = mail?.text.match(/https?:\/\/\S+\/password-recovery\/\S+/)?.[0];
  expect(link, 'set-password mail').toBeTruthy();
  await page.goto(new URL(link as string).pathname);
  const reset = page.getByTestId('reset-form');
  await reset.getByLabel('New password', { exact: true }).fill(STRONG_PASSWORD);
  await reset.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
  await reset.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('reset-success')).toBeVisible();

  await loginThroughForm(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/setup-2fa\/$/);
  if (opts.onSetupScreen) await opts.onSetupScreen(page);
  const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
  await typeCode(page, await totp(secret), 'two-factor-code');
  await page.getByTestId('two-factor-submit').click();
  const status = page.getByTestId('status-modal');
  await expect(status).toContainText('Two-factor authentication is now enabled');
  await status.getByRole('button').click();
  await expect(status).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/$/);
  return email;
}
