import { expect, type Page, test } from '@playwright/test';
import { checkScreen, screenshot } from './support/a11y';
import { expectWhole } from './support/tables';
import { logIn } from './support/ui';

const ADVERTISER = { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' };

async function expectStep(page: Page, title: string) {
  await expect(page.getByTestId('wizard-step-title')).toHaveText(title);
}

/** The forecast's impressions once the panel shows figures for what the form holds now. */
async function settledImpressions(page: Page) {
  const panel = page.getByTestId('forecast-panel');
  await expect(panel.getByTestId('forecast-impressions')).toBeVisible();
  await expect(panel.getByLabel('Updating the forecast')).toHaveCount(0);
  return (await panel.getByTestId('forecast-impressions').textContent()) ?? '';
}

test.describe('forecasts', () => {
  test('the wizard forecasts the draft as its bid and countries change; a running campaign shows its run-out', async ({
    page,
  }) => {
    // One long journey with two axe runs: slow on a loaded machine.
    test.setTimeout(300_000);
    await logIn(page, ADVERTISER);
    await page.goto('/campaigns/create/display/');
    await expectStep(page, 'General Details');
    await page.getByTestId('field-name').fill('Forecast check');
    await page.getByTestId('field-landingUrl').fill('https://example.com/landing');
    await page.getByTestId('field-category').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('wizard-next').click();

    await expectStep(page, 'Pricing Details');
    const panel = page.getByTestId('forecast-panel');
    await page.getByTestId('field-price').fill('0.1');
    const low = await settledImpressions(page);
    // The demo world has 90 days of traffic: a forecast, not "not enough data".
    await expect(panel.getByTestId('forecast-requests')).not.toHaveText('0');
    await page.getByTestId('field-price').fill('3');
    await expect(panel.getByTestId('forecast-impressions')).not.toHaveText(low);
    await expect(panel.getByTestId('forecast-notes')).toContainText('Your bid wins');

    await page.getByTestId('wizard-next').click();
    await expectStep(page, 'Audience Targeting');
    const everywhere = (await panel.getByTestId('forecast-requests').textContent()) ?? '';
    await page.getByRole('radio', { name: 'Selected countries' }).check();
    await page.getByTestId('field-countries').click();
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.keyboard.press('Escape');
    await expect(panel.getByTestId('forecast-requests')).not.toHaveText(everywhere);
    await settledImpressions(page);
    await checkScreen(page, 'forecasts-wizard');

    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'forecasts-wizard-390'); // axe: forecasts-wizard

    // A running demo campaign: its pace in the list and its run-out on its page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/campaigns/');
    const item = page.getByRole('link', { name: /Spring Exchange Launch/ });
    await item.click();
    const pace = page.getByTestId('campaign-pace-panel');
    await expect(pace).toBeVisible();
    await expect(pace.getByTestId('pace-per-hour')).toHaveText(/€\d/);
    await expect(pace.getByTestId('pace-balance')).toHaveText(/UTC|Not at this pace/);
    await expect(
      page
        .getByTestId('campaign-list')
        .getByText(/€[\d.,]+\/h/)
        .first(),
    ).toBeVisible();
    // The list's status badges stay whole beside long names and pace lines.
    await expectWhole(page.getByTestId('campaign-list').getByTestId('status-badge'));
    await checkScreen(page, 'forecasts-campaign-pace');
    await page.setViewportSize({ width: 390, height: 844 });
    await pace.scrollIntoViewIfNeeded();
    await screenshot(page, 'forecasts-campaign-pace-390', { fullPage: false }); // axe: forecasts-campaign-pace

    await page.goto('/');
    await expect(page.getByTestId('balance-runout')).toContainText(/Runs out around|not running out/);
  });
});
