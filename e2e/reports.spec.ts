import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { REPORT_MESSAGES } from '@cryptads/contract/report-messages';
import { checkScreen, screenshot } from './support/a11y';
import { createVerifiedUser } from './support/api';
import { logIn } from './support/ui';

const ADVERTISER = { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' };
const PUBLISHER = { email: 'publisher@cryptads.example', password: 'Publisher#2026' };

/** Picks an option of a Mantine Select found by its test id. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function openReports(page: Page, who: { email: string; password: string }) {
  await logIn(page, who);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL('/reports/');
  await expect(page).toHaveTitle('Reports - Cryptads - Finance & Crypto Display Advertising');
  await expect(page.getByTestId('report-result')).toBeVisible();
}

test.describe('reports', () => {
  test('an advertiser reads the demo history by date and country, changes the period and exports CSV', async ({
    page,
  }) => {
    await openReports(page, ADVERTISER);
    await expect(page.getByText(REPORT_MESSAGES.utcNote)).toBeVisible();
    await expect(page.getByText(REPORT_MESSAGES.csvNote)).toBeVisible();
    // The demo world carries 90 days of traffic: the last 7 days have impressions and rows.
    await expect(page.getByTestId('total-impressions')).not.toHaveText('0');
    const table = page.getByRole('table', { name: 'Report by Date' });
    await expect(table.getByRole('columnheader', { name: 'Cost', exact: true })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Cost per conversion' })).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(7);
    await checkScreen(page, 'reports-advertiser');

    await choose(page, 'report-by', 'Countries');
    await page.getByTestId('generate-report').click();
    await expect(page).toHaveURL(/[?&]by=country/);
    const byCountry = page.getByRole('table', { name: 'Report by Countries' });
    await expect(byCountry.locator('tbody tr').first()).not.toContainText('No data available.');

    await choose(page, 'period-preset', 'Last 30 days');
    await page.getByTestId('generate-report').click();
    await expect(page).toHaveURL(/[?&]period=last30/);
    await expect(page.getByTestId('total-impressions')).not.toHaveText('0');
    await screenshot(page, 'reports-advertiser-countries'); // axe: reports-advertiser

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report-country-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    // RFC 4180 lines end with CRLF (docs/decisions/023).
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'Countries,Impressions,Clicks,CTR,Cost,eCPM,Measured impressions,Viewable impressions,Viewability,Filtered impressions,Filtered clicks,Conversions,Conversion rate,Cost per conversion,Conversion value,ROAS (×)',
    );
    expect(csv.length).toBeGreaterThan(1);
    expect(csv.join('\n')).not.toMatch(/[€%]/);
    // Every data line has sixteen cells: no comma survives inside a cell.
    for (const line of csv.slice(1)) expect(line.split(',')).toHaveLength(16);

    // The selection is in the URL: a reload shows the same report.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Report by Countries' })).toBeVisible();
  });

  test('an advertiser sees a campaign’s optimisation zones, raw events and report', async ({ page }) => {
    await logIn(page, ADVERTISER);
    // The campaign with the most impressions in the last 7 days, as the report by campaign says.
    await page.goto('/reports/?by=campaign');
    const top = page.getByRole('table', { name: 'Report by Campaign' }).locator('tbody tr').first();
    await expect(top).not.toContainText('No data available.');
    const token = (await page.context().cookies()).find((c) => c.name === 'cryptads_session')?.value ?? '';
    const today = new Date().toISOString().slice(0, 10);
    const week = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await page.request.get(
      `/api/reports/all/all?group=report&reportBy=campaign&startDate=${week}&endDate=${today}`,
      { headers: { authorization: `Bearer ${decodeURIComponent(token)}` } },
    );
    const rows = ((await res.json()) as { response: { rows: { key: string; impressions: number }[] } }).response.rows;
    const busiest = [...rows].sort((a, b) => b.impressions - a.impressions)[0]?.key;
    await page.goto(`/campaigns/all/setup/${busiest}/`);
    await page.getByTestId('tab-optimization').click();
    await expect(page.getByTestId('optimization-table')).toBeVisible();
    await expect(page.getByTestId('optimization-table').getByRole('checkbox').first()).toBeVisible();
    await checkScreen(page, 'campaign-optimization');
    await page.getByTestId('tab-performance').click();
    await expect(page.getByTestId('retention-note')).toBeVisible();
    await expect(page.getByTestId('performance-table')).toBeVisible();
    await checkScreen(page, 'campaign-performance');
    await page.getByTestId('tab-reports').click();
    await expect(page.getByTestId('report-result')).toBeVisible();
    await expect(page.getByTestId('total-impressions')).not.toHaveText('0');
    await checkScreen(page, 'campaign-reports');
  });

  test('a publisher reads earnings of all websites, then of one website and its zones', async ({ page }) => {
    await openReports(page, PUBLISHER);
    await expect(
      page.getByRole('table', { name: 'Report by Date' }).getByRole('columnheader', { name: /Earnings/ }),
    ).toBeVisible();
    await expect(page.getByTestId('total-impressions')).not.toHaveText('0');
    // Publishers have no Campaign or Zones dimension.
    await page.getByTestId('report-by').click();
    await expect(page.getByRole('option', { name: 'Zones' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await checkScreen(page, 'reports-publisher');

    await page.getByTestId('websites-filter').click();
    await page.getByRole('option').nth(1).click();
    await expect(page.getByTestId('zones-filter')).toBeVisible();
    await page.getByTestId('generate-report').click();
    await expect(page).toHaveURL(/[?&]website=\d+/);
    await expect(page.getByTestId('report-result')).toBeVisible();
    await screenshot(page, 'reports-publisher-website'); // axe: reports-publisher
  });

  test('a new account without traffic sees zeros and No data available.', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    await openReports(page, user);
    await expect(page.getByTestId('report-table')).toContainText('No data available.');
    await expect(page.getByTestId('total-impressions')).toHaveText('0');
    await expect(page.getByTestId('total-money')).toHaveText('€0.00');
    await expect(page.getByTestId('report-chart-empty')).toContainText('No traffic in this period');
    await checkScreen(page, 'reports-empty');
  });
});

test.describe('reports at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the reports page works on a phone', async ({ page }) => {
    await logIn(page, ADVERTISER);
    await page.goto('/reports/');
    await expect(page.getByTestId('report-result')).toBeVisible();
    await expect(page.getByTestId('generate-report')).toBeVisible();
    await screenshot(page, 'mobile-reports'); // axe: reports-advertiser (same components)
  });
});
