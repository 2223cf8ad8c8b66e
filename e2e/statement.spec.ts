import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { logIn, settle } from './support/ui';

const DEMO_ADVERTISER = { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' };

/**
 * The statement of account (docs/product/billing.md#statement): the demo advertiser reads every
 * movement of the balance with the running balance, narrows it to a period, and downloads the
 * CSV an accountant reconciles.
 */
test.describe('statement of account', () => {
  test('the demo advertiser reads the statement, filters a period and downloads its CSV', async ({ page }) => {
    await logIn(page, DEMO_ADVERTISER);
    await page.goto('/billing/history/');
    await page.getByRole('tab', { name: 'Statement' }).click();
    await expect(page).toHaveURL(/\/billing\/history\/statement\/$/);
    await expect(page).toHaveTitle(/^Statement of Account - /);

    const table = page.getByTestId('statement-table');
    const lines = table.getByTestId('statement-line');
    await expect(lines.first()).toBeVisible();
    // The demo deposits open the history (oldest first), each line with the balance after it.
    await expect(lines.first()).toContainText('Deposit');
    // The marketplace order paid from the balance, seeded today: on the last page, found by searching.
    const search = page.getByRole('textbox', { name: 'Search descriptions' });
    await search.fill('marketplace purchase');
    await expect(lines.first()).toContainText('Marketplace purchase (held)');
    // The ad spend of the simulated history: one line per campaign and day.
    await search.fill('ad spend');
    await expect(lines.first()).toContainText('Ad spend: ');
    for (const line of await lines.all()) await expect(line).toContainText('Ad spend: ');
    await search.fill('');
    await expect(table).toContainText('Deposit');
    const closing = (await page.getByTestId('statement-closing').textContent()) ?? '';
    expect(closing).toMatch(/^€[\d,]+\.\d{2,6}$/);

    // A period: today only (the demo world was seeded at the server's start, today).
    const today = new Date().toISOString().slice(0, 10);
    // Typed as a person in an en-GB product does: dd/mm/yyyy.
    const typed = today.split('-').reverse().join('/');
    await page.getByTestId('statement-from').fill(typed);
    await page.getByTestId('statement-to').fill(typed);
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
    await settle(page);
    await expect(page.getByTestId('statement-closing')).toHaveText(closing);
    await expect(lines.first()).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-csv').click()]);
    expect(download.suggestedFilename()).toBe(`statement-from-${today}-to-${today}.csv`);
    const csv = readFileSync((await download.path()) ?? '', 'utf8')
      .trim()
      .split('\r\n');
    // To the cent as the screen shows it, then exact to the micro-euro.
    expect(csv[0]).toBe('Date,Type,Description,Amount (EUR),Balance (EUR),Exact amount (EUR),Exact balance (EUR)');
    expect(csv[1]).toMatch(new RegExp(`^${today},Opening balance,,,-?\\d+\\.\\d{2},,-?\\d+\\.\\d{6}$`));
    expect(csv.some((l) => /,Ad spend,Ad spend: [^,]+,-\d+\.\d{2},\d+\.\d{2},-\d+\.\d{6},\d+\.\d{6}$/.test(l))).toBe(
      true,
    );
    const last = csv.at(-1) ?? '';
    expect(last).toMatch(new RegExp(`^${today},Closing balance,,,\\d+\\.\\d{2},,\\d+\\.\\d{6}$`));
    // The closing balance of the file is the one on screen, and each line's exact balance follows from the one before.
    const closingEuros = Number(last.split(',').at(-1));
    expect(Math.abs(Number(closing.replace(/[€,]/g, '')) - closingEuros)).toBeLessThanOrEqual(0.005);
    let balance = Math.round(Number(csv[1]?.split(',').at(-1)) * 1e6);
    for (const l of csv.slice(2, -1)) {
      const cells = l.split(',');
      balance += Math.round(Number(cells.at(-2)) * 1e6);
      expect(Math.round(Number(cells.at(-1)) * 1e6), l).toBe(balance);
      // The cent columns are the exact ones rounded.
      expect(Math.abs(Number(cells.at(-3)) - Number(cells.at(-1))), l).toBeLessThanOrEqual(0.005);
    }
    expect(Math.round(closingEuros * 1e6)).toBe(balance);

    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await expect(lines.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkScreen(page, 'statement-390');
  });
});
