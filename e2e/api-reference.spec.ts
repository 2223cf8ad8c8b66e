import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { screenshot } from './support/a11y';
import { E2E_URL } from './playwright.config';

/**
 * The API reference at /docs/api/ (docs/decisions/043): Scalar renders /api/v1/openapi.json
 * from scripts of this server only; the getting-started guide and an operation with its curl
 * example are on the page, and nothing is requested from another origin.
 */
// Scalar renders a large page: its full-page screenshot and axe run take over a minute on CI.
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
  await expect(page.getByText('Campaign list').first()).toBeVisible();
  // Scalar's request example for an operation: a curl command against /api/v1.
  await page.getByText('Campaign list').first().click();
  await expect(page.getByText(/curl .*\/api\/v1\/campaigns/).first()).toBeVisible();
  expect(foreign).toEqual([]);
  expect(refused).toEqual([]);
  await screenshot(page, 'api-reference', { fullPage: false });
  // Scalar itself fails axe (icon buttons without a name, a theme below 4.5:1 contrast), so
  // axe checks our page around it only: language, title, landmark, the no-script text.
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('#reference')
    .analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the API reference reads on a phone', async ({ page }) => {
    const { foreign } = await openReference(page);
    expect(foreign).toEqual([]);
    await screenshot(page, 'mobile-api-reference', { fullPage: false }); // axe: api-reference (same page)
  });
});
