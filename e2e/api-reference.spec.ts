import { expect, type Page, test } from '@playwright/test';
import { checkAccessibility, screenshot } from './support/a11y';
import { E2E_URL } from './playwright.config';

/**
 * The API reference at /docs/api/ (docs/decisions/043, 060): the server renders
 * /api/v1/openapi.json to HTML, so the getting-started guide and each operation with its curl
 * example are on the page as it arrives; Scalar's interactive reference loads from this server
 * when asked for, and nothing is requested from another origin.
 */
// Scalar renders a large page when it is asked for: on a busy CI machine that takes a while.
test.describe.configure({ timeout: 300_000 });

async function openReference(page: Page) {
  const foreign: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(E2E_URL) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/docs/api/');
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  return { foreign, refused };
}

test('the API reference shows the guide and the operations with curl examples, from our own server', async ({
  page,
}) => {
  const { foreign, refused } = await openReference(page);
  await expect(page.getByRole('heading', { name: /Cryptads.*public API/ }).first()).toBeVisible();
  await expect(page.getByText('Cryptads-Signature').first()).toBeVisible();
  // The contents lead to the operation, which shows its curl example against /api/v1.
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: /Campaign list/ })
    .click();
  await expect(page).toHaveURL(/#operation\/campaignsList$/);
  const operation = page.locator('[id="operation/campaignsList"]');
  await expect(operation.getByRole('heading', { name: 'Campaign list' })).toBeVisible();
  await expect(operation.getByText(/curl .*\/api\/v1\/campaigns/)).toBeVisible();
  await screenshot(page, 'api-reference', { fullPage: false });
  await checkAccessibility(page, 'api-reference');

  // Scalar's interactive reference, on demand: from this server too.
  await page.getByRole('button', { name: /Interactive reference/ }).click();
  await expect(page.locator('.layout')).toHaveCount(0, { timeout: 120_000 });
  await expect(page.getByText('Campaign list').first()).toBeVisible({ timeout: 120_000 });
  expect(foreign).toEqual([]);
  expect(refused).toEqual([]);
});

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the API reference reads on a phone', async ({ page }) => {
    const { foreign } = await openReference(page);
    expect(foreign).toEqual([]);
    await screenshot(page, 'mobile-api-reference', { fullPage: false }); // axe: api-reference (same page)
  });
});
