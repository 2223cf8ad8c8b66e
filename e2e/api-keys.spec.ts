import { API_KEY_MESSAGES } from '@cryptads/contract/api-keys';
import { expect, test } from '@playwright/test';
import { checkScreen, screenshot } from './support/a11y';
import { loginAsNew, settle } from './support/ui';

/**
 * API keys (docs/product/public-api.md): a publisher creates a key in Settings, a program
 * calls the public API with it, the publisher revokes it and the program gets 401 at once.
 */
test.describe('API keys', () => {
  test('create a key in Settings, call /api/v1 with it, revoke it and see the 401', async ({ page, request }) => {
    await loginAsNew(page, request, 'publisher');
    await page.goto('/settings/api-keys/');
    await expect(page.getByTestId('settings-tab-api-keys')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('table-empty')).toBeVisible();
    await checkScreen(page, 'api-keys-empty');

    await page.getByTestId('api-key-name').fill('Nightly sync');
    await page.getByTestId('api-key-scope-websites:read').check();
    await page.getByTestId('api-key-expiry').selectOption('30');
    await page.getByTestId('api-key-create').click();
    const secret = page.getByTestId('api-key-secret');
    await expect(secret).toBeVisible();
    const key = (await secret.textContent())?.trim() ?? '';
    expect(key).toMatch(/^cads_live_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    await expect(page.getByRole('dialog')).toContainText('it will not be shown again');
    await settle(page);
    await checkScreen(page, 'api-keys-created');
    await page.getByTestId('api-key-done').click();

    // A program calls the API with the key (Node's fetch, as a customer's script would).
    const base = new URL(page.url()).origin;
    const call = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
    const listed = await call('/api/v1/websites');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { code: number }).code).toBe(200);
    expect(listed.headers.get('ratelimit-policy')).toContain('"key";q=');
    const outOfScope = await call('/api/v1/billing/history');
    expect(outOfScope.status).toBe(403);
    expect(((await outOfScope.json()) as { reason: string }).reason).toBe(
      API_KEY_MESSAGES.missingScope('billing:read'),
    );

    // The list shows the key's last use.
    await page.reload();
    const row = page.getByTestId('api-keys-row').first();
    await expect(row).toContainText('Nightly sync');
    await expect(row).toContainText('websites:read');
    await expect(row).not.toContainText('Never');
    await expect(page.getByTestId('api-keys')).not.toContainText(key);

    await row.getByTestId('api-key-revoke').click();
    await page.getByTestId('confirm-modal').getByRole('button', { name: 'Revoke Key' }).click();
    await expect(page.getByTestId('table-empty')).toBeVisible();
    const revoked = await call('/api/v1/websites');
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { reason: string }).reason).toBe(API_KEY_MESSAGES.keyInvalid);
  });

  test('the API Keys page works at 390 px wide', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsNew(page, request, 'advertiser');
    await page.goto('/settings/api-keys/');
    await page.getByTestId('api-key-name').fill('Phone key');
    await page.getByTestId('api-key-scope-reports:read').check();
    await page.getByTestId('api-key-create').click();
    await expect(page.getByTestId('api-key-secret')).toBeVisible();
    await settle(page);
    await screenshot(page, 'api-keys-created-390', { fullPage: false }); // axe: api-keys-created (same dialog)
    await page.getByTestId('api-key-done').click();
    await expect(page.getByTestId('api-keys-row').first()).toBeVisible();
    await checkScreen(page, 'api-keys-390');
  });
});
