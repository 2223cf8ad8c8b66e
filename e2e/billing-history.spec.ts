import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { expectRowActionsInViewport } from './support/tables';
import { api, createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { logIn, settle } from './support/ui';

const artifacts = path.resolve(import.meta.dirname, '.artifacts/invoices');

type HistoryRow = { unique: string; type: string; hasDocument: boolean; number: string | null };

/**
 * Billing history (docs/product/billing.md#history): a bank transfer confirmed by the operator
 * becomes a deposit row with its invoice; the advertiser downloads the PDF, which we read back
 * (pdftotext) and render to PNG (pdftoppm) for a person to look at.
 */
test.describe('billing history', () => {
  test('an advertiser sees a paid deposit and downloads its invoice PDF', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    const bank = await api<{ reference: string }>(request, 'GET', '/billing/deposit/bank-transfer', {
      token: user.token,
    });
    expect(bank.status).toBe(200);
    expect(operator('deposit', 'confirm-bank', bank.body.response.reference, '184.50')).toContain('Credited');
    // The invoice is made after commit by the event worker: wait until the row has its document.
    await expect
      .poll(async () => {
        const { body } = await api<HistoryRow[]>(request, 'GET', '/billing/history', { token: user.token });
        return body.response.find((r) => r.type === 'Deposit')?.hasDocument ?? false;
      })
      .toBe(true);

    await logIn(page, user);
    await page.goto('/billing/history/');
    await expect(page).toHaveTitle(/^Billing History - /);
    const table = page.getByTestId('billing-history-table');
    const row = table.getByRole('row').filter({ hasText: 'Deposit' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Bank Transfer');
    await expect(row).toContainText('€150.00');
    await expect(row.getByTestId('history-status')).toHaveText('Completed');
    await expect(row).toContainText(/INV-\d{4}-\d{6}/);
    await checkScreen(page, 'billing-history');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('history-download').click()]);
    const fileName = download.suggestedFilename();
    expect(fileName).toMatch(/^Invoice-INV-\d{4}-\d{6}\.pdf$/);
    mkdirSync(artifacts, { recursive: true });
    const pdfPath = path.join(artifacts, fileName);
    await download.saveAs(pdfPath);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Invoice');
    expect(text).toContain('BILLED TO E2e Advertiser');
    expect(text).toContain(user.email);
    expect(text).toContain('Advertising balance top-up (deposit) 1 €150.00 €150.00');
    expect(text).toContain('Total €184.50');
    expect(text).toContain('Payment method: Bank Transfer');
    // A picture of the first page, for a person to look at (e2e/.artifacts/invoices/*.png).
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdfPath, pdfPath.replace(/\.pdf$/, '')]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(table.getByTestId('history-download')).toBeVisible();
    // The page itself never scrolls sideways; the table scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkScreen(page, 'billing-history-390');
    await expectRowActionsInViewport(page, table);
    const download390 = table.getByTestId('history-download');
    await download390.scrollIntoViewIfNeeded();
    const [again] = await Promise.all([page.waitForEvent('download'), download390.click()]);
    expect(again.suggestedFilename()).toBe(fileName);
  });

  test("a publisher follows a payout's timeline and downloads its self-billing invoice", async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'publisher');
    const token = user.token;
    const details = await api(request, 'POST', '/billing/details', {
      token,
      data: {
        isCompany: false,
        country: 'DE',
        address: 'Friedrichstraße 10, 10117 Berlin',
        firstName: 'Jürgen',
        lastName: 'Weiß',
      },
    });
    expect(details.status, details.body.reason ?? '').toBe(200);
    operator('kyc', 'approve', user.email);
    const options = await api(request, 'POST', '/billing/withdraw-options', {
      token,
      data: {
        method: 'sepa',
        frequency: 1,
        autoInvoicing: true,
        selfBillingAgreement: true,
        sepa_iban: 'DE89 3704 0044 0532 0130 00',
        sepa_bankIdentifier: 'COBADEFFXXX',
        sepa_bankName: 'Commerzbank',
        sepa_bankAddress: 'Berlin',
      },
    });
    expect(options.status, options.body.reason ?? '').toBe(200);
    operator('user', 'credit', user.email, '120', `e2e-payout-${user.email}`);
    // The next Monday: a payout day for weekly publishers.
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    expect(operator('payout', 'run', monday.toISOString().slice(0, 10))).toMatch(/payout\(s\)/);
    let payout: HistoryRow | undefined;
    await expect
      .poll(async () => {
        const { body } = await api<HistoryRow[]>(request, 'GET', '/billing/history', { token });
        payout = body.response.find((r) => r.type === 'Payout');
        return payout?.hasDocument ?? false;
      })
      .toBe(true);
    const payoutId = payout?.unique.replace('payout-', '') ?? '';
    expect(operator('payout', 'sent', payoutId, 'SEPA-E2E-0042')).toContain('sent');

    await logIn(page, user);
    await page.goto('/billing/history/');
    const row = page.getByTestId('billing-history-table').getByRole('row').filter({ hasText: 'Payout' });
    await expect(row).toContainText('SEPA');
    await expect(row).toContainText('€120.00');
    await expect(row.getByTestId('history-status')).toHaveText('Processing');
    await row.getByTestId('history-timeline').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('payout-step-requested')).toBeVisible();
    await expect(dialog.getByTestId('payout-step-sent')).toContainText('Reference: SEPA-E2E-0042');
    await expect(dialog.getByTestId('payout-step-completed-pending')).toBeVisible();
    await settle(page);
    await checkScreen(page, 'billing-history-payout-timeline');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('history-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^Self-billing-invoice-SB-\d{4}-\d{6}\.pdf$/);
    mkdirSync(artifacts, { recursive: true });
    const pdfPath = path.join(artifacts, download.suggestedFilename());
    await download.saveAs(pdfPath);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Self-billing invoice');
    expect(text).toContain('Jürgen Weiß');
    expect(text).toContain('CUSTOMER (ISSUER)');
    expect(text).toContain('Total €120.00');
    expect(text).toContain('Self-billing This invoice was issued by');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdfPath, pdfPath.replace(/\.pdf$/, '')]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    // On a phone each row is a card (a list item, not a table row): the payout is the only row with a timeline.
    const phoneTimeline = page.getByTestId('billing-history-table').getByTestId('history-timeline');
    await phoneTimeline.scrollIntoViewIfNeeded();
    await phoneTimeline.click();
    await expect(page.getByRole('dialog').getByTestId('payout-timeline')).toBeVisible();
    await settle(page);
    await checkScreen(page, 'billing-history-payout-timeline-390');
  });

  test('a new publisher sees the empty history', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'publisher');
    await logIn(page, user);
    await page.goto('/billing/history/');
    await expect(page.getByTestId('billing-history-table')).toContainText('No data available.');
    await checkScreen(page, 'billing-history-empty-publisher');
  });
});
