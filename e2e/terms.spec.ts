import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TERMS_MESSAGES } from '@cryptads/contract/terms';
import { expect, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { api } from './support/api';
import { operator } from './support/operator';
import { loginAsNew, settle } from './support/ui';

// Publishing terms concerns every account on the server, so this spec runs on a server of its
// own with the back office's content journey (playwright.config.ts), where it stops no other
// journey with the modal.
const DEMO = {
  advertiser: { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' },
  publisher: { email: 'publisher@cryptads.example', password: 'Publisher#2026' },
};

test.describe('platform terms', () => {
  test('new terms must be accepted once, with no way to close the modal', async ({ page, request }) => {
    const user = await loginAsNew(page, request, 'advertiser');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const dir = path.resolve(import.meta.dirname, '.artifacts');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `terms-${Date.now()}.md`);
    writeFileSync(
      file,
      '# Terms of Service\n\nThese terms replace the previous version.\n\n## 1. Accounts\n\n1. Keep your password secret.\n2. Turn on two-factor authentication.\n',
    );
    expect(operator('terms', 'publish', file)).toMatch(/Published platform terms version \d+/);
    // The demo accounts accept at once, so that other specs sharing this server are not stopped by the modal.
    for (const demo of Object.values(DEMO)) {
      const login = await api(request, 'POST', '/login', { data: { ...demo, captcha: 'none' } });
      await api(request, 'POST', '/user/signNewTerms', { token: login.sessionToken, data: {} });
    }

    await page.reload();
    const modal = page.getByRole('dialog', { name: TERMS_MESSAGES.modalTitle });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('These terms replace the previous version.');
    await expect(modal.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await settle(page);
    await checkScreen(page, 'account-terms-modal');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(modal).toBeVisible();

    await modal.getByRole('button', { name: TERMS_MESSAGES.agree }).click();
    await expect(modal).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('dashboard-balance')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const details = await api<{ currentSignedTerms: number }>(request, 'GET', '/user', {
      token: (
        await api(request, 'POST', '/login', {
          data: { email: user.email, password: user.password, captcha: 'none' },
        })
      ).sessionToken,
    });
    const current = await api<{ version: number }>(request, 'GET', '/currentPlatformTerms');
    expect(details.body.response.currentSignedTerms).toBe(current.body.response.version);

    // The footer's terms page shows the version just published.
    await page.goto('/terms/');
    await expect(page.getByTestId('legal-body')).toContainText('These terms replace the previous version.');
    await checkScreen(page, 'account-terms-page');
    await page.goto('/privacy-policy/');
    await expect(page.getByTestId('legal-body')).not.toBeEmpty();
    await checkScreen(page, 'account-privacy-page');
  });
});
