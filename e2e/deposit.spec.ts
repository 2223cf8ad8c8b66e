import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { api, createVerifiedUser } from './support/api';
import { png } from './support/png';
import { logIn } from './support/ui';

/**
 * Deposits (docs/product/billing.md#deposits): an advertiser gives billing details and submits a
 * campaign (the two 'Steps to Deposit Funds'), then pays by card on the sandbox's hosted
 * page and comes back to a credited balance; a crypto payment that arrives short credits what
 * arrived. Axe and a 390 px check on every screen.
 */

/** The two steps, done through the API as the billing details and campaign screens would. */
async function readyToDeposit(request: APIRequestContext, token: string) {
  const details = await api(request, 'POST', '/billing/details', {
    token,
    data: {
      isCompany: false,
      country: 'IE',
      address: '1 Quay Street, Galway',
      firstName: 'E2e',
      lastName: 'Advertiser',
    },
  });
  expect(details.status, `billing details: ${details.body.reason}`).toBe(200);
  const upload = await api<{ resource: string; name: string }>(request, 'POST', '/uploads', {
    token,
    data: {
      purpose: 'banner',
      name: 'e2e-300x250.png',
      data: `data:image/png;base64,${png(300, 250, [30, 90, 200]).toString('base64')}`,
    },
  });
  expect(upload.status).toBe(200);
  const campaign = await api(request, 'POST', '/campaigns', {
    token,
    data: {
      kind: 'display',
      name: 'E2E deposit',
      landingUrl: 'https://landing.example.com/',
      price: 1,
      dailyBudget: 50,
      category: 1,
      countries: [],
      creatives: [{ resource: upload.body.response.resource, name: upload.body.response.name }],
    },
  });
  expect(campaign.status, `campaign: ${campaign.body.reason}`).toBe(200);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('deposits', () => {
  test('an advertiser deposits 150 EUR by card through the sandbox page and sees the balance and the deposit', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    await logIn(page, user);

    // Add Funds in the header leads to the deposit screen, which first lists the steps.
    await page.getByTestId('add-funds').click();
    await expect(page).toHaveURL(/\/billing\/deposit\/$/);
    const steps = page.getByTestId('steps-to-deposit');
    await expect(steps.getByRole('heading', { name: 'Steps to Deposit Funds' })).toBeVisible();
    await expect(steps.getByRole('link', { name: 'Billing Details' })).toBeVisible();
    await expect(steps.getByRole('link', { name: 'Create a Campaign' })).toBeVisible();
    await checkScreen(page, 'deposit-steps');

    await readyToDeposit(request, user.token);
    await page.reload();
    await expect(page.getByRole('tab', { name: /Cryptocurrency/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('deposit-balance')).toHaveText('€0.00');
    await expect(page.getByTestId('latest-deposits-empty')).toBeVisible();
    await checkScreen(page, 'deposit-crypto');

    await page.getByRole('tab', { name: /Card Payment/ }).click();
    await expect(page).toHaveURL(/\/billing\/deposit\/card-payment$/);
    await page.getByLabel('Amount (EUR)').fill('99');
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await expect(page.getByText('The minimum amount you can deposit is 100 EUR.')).toBeVisible();
    await page.getByLabel('Amount (EUR)').fill('150');
    await expect(page.getByTestId('breakdown-vat')).toHaveText('€34.50');
    await expect(page.getByTestId('breakdown-total')).toHaveText('€184.50');
    await checkScreen(page, 'deposit-card');

    // The sandbox's hosted page, as a provider's would be: the amount charged and its buttons.
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\/pay_[\w-]{20}$/);
    await expect(page.getByText('€184.50')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Underpay' })).toHaveCount(0);
    await checkScreen(page, 'deposit-sandbox-page');
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await checkScreen(page, 'deposit-sandbox-page-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the card tab: the payment is confirmed, the balance and the latest deposit show it.
    await expect(page).toHaveURL(/\/billing\/deposit\/card-payment\?payment=success&paymentId=pay_/);
    await expect(page.getByTestId('payment-return')).toHaveAttribute('data-state', 'paid');
    await expect(page.getByTestId('payment-return')).toContainText('Payment successful');
    await expect(page.getByTestId('deposit-balance')).toHaveText('€150.00');
    await expect(page.getByTestId('header-balance')).toHaveText('€150.00');
    const latest = page.getByTestId('latest-deposit');
    await expect(latest).toHaveCount(1);
    await expect(latest).toContainText('Card Payment');
    await expect(latest.getByTestId('latest-deposit-amount')).toHaveText('€150.00');
    await expect(latest.getByTestId('latest-deposit-status')).toHaveText('Completed');
    await checkScreen(page, 'deposit-card-paid');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/billing/deposit/card-payment');
    await expect(page.getByTestId('deposit-balance')).toHaveText('€150.00');
    await noSidewaysScroll(page);
    await checkScreen(page, 'deposit-card-390');
  });

  test('an advertiser announces a bank transfer and gets the account, the reference and the total with VAT', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    await readyToDeposit(request, user.token);
    await logIn(page, user);
    await page.goto('/billing/deposit/card-payment');
    await page.getByRole('tab', { name: /Bank Transfer/ }).click();
    await expect(page).toHaveURL(/\/billing\/deposit\/bank-transfer$/);
    await page.getByTestId('deposit-amount').fill('100');
    await page.getByTestId('bank-start').click();
    // The demo beneficiary (a valid test IBAN, in groups of four), the deposit's reference, the total with VAT.
    await expect(page.getByTestId('bank-iban')).toHaveText('DE89 3704 0044 0532 0130 00');
    await expect(page.getByTestId('bank-bic')).toHaveText('COBADEFFXXX');
    await expect(page.getByTestId('bank-bank')).toHaveText('Demo Bank (not a real account)');
    await expect(page.getByTestId('bank-bank-address')).toHaveText('1 Example Street, 10115 Berlin, DE');
    await expect(page.getByTestId('bank-reference')).toHaveText(/^DEP[0-9A-Z]{8}$/);
    await expect(page.getByTestId('bank-amount')).toHaveText(/^€1\d\d\.\d\d$/);
    await expect(page.getByTestId('bank-timing')).toContainText(
      'Bank transfers take 1 to 5 business days to arrive, up to 14.',
    );
    await expect(page.getByRole('button', { name: 'Copy IBAN' })).toBeVisible();
    await checkScreen(page, 'deposit-bank-transfer');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('bank-iban')).toBeVisible();
    await noSidewaysScroll(page);
    await checkScreen(page, 'deposit-bank-transfer-390');
  });

  test('a crypto payment that arrives short credits what arrived', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    await readyToDeposit(request, user.token);
    await logIn(page, user);
    await page.goto('/billing/deposit/crypto/');
    await page.getByLabel('Amount (EUR)').fill('1000');
    // 1,000 + 1 % processing fee + 23 % VAT on both.
    await expect(page.getByTestId('breakdown-fee')).toHaveText('€10.00');
    await expect(page.getByTestId('breakdown-vat')).toHaveText('€232.30');
    await expect(page.getByTestId('breakdown-total')).toHaveText('€1,242.30');
    await page.getByRole('button', { name: 'Generate Payment URL' }).click();
    const ready = page.getByTestId('crypto-payment-ready');
    await expect(ready).toContainText('Pay €1,242.30');
    await checkScreen(page, 'deposit-crypto-ready');

    await ready.getByRole('link', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\/pay_/);
    await page.getByRole('button', { name: 'Underpay' }).click();

    // 90 % of the total arrived: 90 % of the amount is credited.
    await expect(page).toHaveURL(/\/billing\/deposit\/crypto\/\?payment=success&paymentId=pay_/);
    await expect(page.getByTestId('payment-return')).toHaveAttribute('data-state', 'paid');
    await expect(page.getByTestId('deposit-balance')).toHaveText('€900.00');
    const latest = page.getByTestId('latest-deposit');
    await expect(latest).toContainText('Cryptocurrency');
    await expect(latest.getByTestId('latest-deposit-amount')).toHaveText('€900.00');
    await expect(page.getByRole('button', { name: 'Generate Payment URL' })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await checkScreen(page, 'deposit-crypto-390');
  });
});
