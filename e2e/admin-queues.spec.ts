import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { api, createVerifiedUser } from './support/api';
import { operator, signInNewOperator } from './support/operator';
import { png } from './support/png';
import { expectWhole } from './support/tables';
import { logIn, settle } from './support/ui';

/**
 * The back office's overview and review queues: an operator made by the command
 * sets a password from the mailed link, is held on the two-factor set-up until it is on, then
 * approves a campaign and a website, verifies an identity from its document, confirms a bank
 * transfer and marks a payout sent; each customer sees the result on their own screens.
 */

const PHONE = { width: 390, height: 844 };
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DESKTOP = { width: 1280, height: 800 };

/** A minimal well-formed PDF, as a scanner would save it. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** Axe and a screenshot at desktop width, then at 390 px (the table scrolls inside its card, the page never sideways). */
async function checkBothWidths(page: Page, name: string) {
  await settle(page);
  await checkScreen(page, name);
  await page.setViewportSize(PHONE);
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkScreen(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

/** An advertiser with billing details (Ireland) and a campaign waiting for review, made through the API. */
async function advertiserWithCampaign(request: APIRequestContext) {
  const user = await createVerifiedUser(request, 'advertiser');
  const details = await api(request, 'POST', '/billing/details', {
    token: user.token,
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
    token: user.token,
    data: {
      purpose: 'banner',
      name: 'e2e-300x250.png',
      data: `data:image/png;base64,${png(300, 250, [30, 90, 200]).toString('base64')}`,
    },
  });
  expect(upload.status).toBe(200);
  const name = `E2E review ${Date.now().toString(36)}`;
  const campaign = await api<{ id: number }>(request, 'POST', '/campaigns', {
    token: user.token,
    data: {
      kind: 'display',
      name,
      landingUrl: 'https://landing.example.com/offer',
      price: 1,
      dailyBudget: 50,
      category: 1,
      countries: [],
      creatives: [{ resource: upload.body.response.resource, name: upload.body.response.name }],
    },
  });
  expect(campaign.status, `campaign: ${campaign.body.reason}`).toBe(200);
  // An identity document waiting for review.
  const doc = await api(request, 'POST', '/billing/document', {
    token: user.token,
    data: { name: 'passport.pdf', file: `data:application/pdf;base64,${PDF.toString('base64')}` },
  });
  expect(doc.status, `document: ${doc.body.reason}`).toBe(200);
  // The reference this account writes on its bank transfer.
  const bank = await api<{ reference: string }>(request, 'GET', '/billing/deposit/bank-transfer', {
    token: user.token,
  });
  expect(bank.status, `bank transfer: ${bank.body.reason}`).toBe(200);
  return {
    ...user,
    campaignId: campaign.body.response.id,
    campaignName: name,
    reference: bank.body.response.reference,
  };
}

/** A publisher with a website waiting for review. */
async function publisherWithWebsite(request: APIRequestContext) {
  const user = await createVerifiedUser(request, 'publisher');
  const domain = `review${Date.now().toString(36)}.example`;
  const site = await api<{ id: number }>(request, 'POST', '/websites', {
    token: user.token,
    data: { website: `https://${domain}`, categories: [] },
  });
  expect(site.status, `website: ${site.body.reason}`).toBe(200);
  return { ...user, websiteId: site.body.response.id, domain };
}

/** A verified publisher with SEPA withdraw options, €120 earned and a payout requested by the payout run. */
async function publisherWithPayout(request: APIRequestContext) {
  const user = await createVerifiedUser(request, 'publisher');
  const details = await api(request, 'POST', '/billing/details', {
    token: user.token,
    data: {
      isCompany: false,
      country: 'DE',
      address: 'Friedrichstraße 10, 10117 Berlin',
      firstName: 'E2e',
      lastName: 'Payee',
    },
  });
  expect(details.status, details.body.reason ?? '').toBe(200);
  operator('kyc', 'approve', user.email);
  const options = await api(request, 'POST', '/billing/withdraw-options', {
    token: user.token,
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
  operator('user', 'credit', user.email, '120', `e2e-queue-payout-${user.email}`);
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  expect(operator('payout', 'run', monday.toISOString().slice(0, 10))).toMatch(/payout\(s\)/);
  return user;
}

/** Opens a queue from the menu, narrows it to one row by searching, and returns that row. */
async function openQueue(page: Page, label: RegExp, search: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Back office navigation' }).getByRole('link', { name: label }).click();
  await page.getByTestId('queue-search').fill(search);
  const row = page.getByTestId('queue-row').filter({ hasText: search });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('queue-total')).toHaveText('1 item');
  return row;
}

/**
 * On a phone each row is a card: every one of its actions and its status badge (when it has one)
 * stay whole in sight, without scrolling sideways.
 */
async function phoneKeepsActions(page: Page, search: string, status?: RegExp) {
  await page.setViewportSize(PHONE);
  const card = page.getByTestId('queue-row').filter({ hasText: search });
  await expectWhole(card.locator('[data-testid^="row-action-"]'));
  if (status) await expect(card.getByText(status)).toBeInViewport();
  await page.setViewportSize(DESKTOP);
}

/** Runs a row action through its modal; the modal closes when the command went through. */
async function rowAction(page: Page, row: Locator, action: string, field?: string) {
  await row.getByTestId(`row-action-${action}`).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  if (field !== undefined) await modal.getByRole('textbox').fill(field);
  return modal;
}

test('an operator sets up 2FA, then works through the review queues; customers see the results', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const advertiser = await advertiserWithCampaign(request);
  const publisher = await publisherWithWebsite(request);
  const payee = await publisherWithPayout(request);

  // A customer never sees the back office.
  const customerContext = await browser.newContext({ viewport: DESKTOP });
  const customer = await customerContext.newPage();
  await logIn(customer, advertiser);
  await customer.goto('/admin/');
  await expect(customer.getByRole('heading', { name: /Page not Found/ })).toBeVisible();

  // The operator: created by the command, sets the password from the mailed link, and turns
  // two-factor on at the first login.
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInNewOperator(page, {
    label: 'operator-queues',
    firstName: 'Queue',
    // Logged in without 2FA: only the set-up screen opens, whatever the address.
    onSetupScreen: async (setup) => {
      await setup.goto('/admin/queues/payouts/');
      await expect(setup).toHaveURL(/\/admin\/setup-2fa\/$/);
      await expect(setup.getByTestId('two-factor-qr')).toBeVisible();
      await expect(setup.getByRole('navigation', { name: 'Back office navigation' })).toHaveCount(0);
      await checkBothWidths(setup, 'admin-setup-2fa');
    },
  });

  // The overview: today's figures, money held, each queue's size linking to it.
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByTestId('overview-queue-campaigns').getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
    'href',
    '/admin/queues/campaigns/',
  );
  await checkBothWidths(page, 'admin-overview');
  // On a phone the menu is a drawer.
  await page.setViewportSize(PHONE);
  await page.getByTestId('mobile-menu-button').click();
  const drawer = page.getByRole('navigation', { name: 'Mobile navigation' });
  await expect(drawer.getByRole('link', { name: /Payouts/ })).toBeVisible();
  await settle(page);
  await checkScreen(page, 'admin-menu-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize(DESKTOP);

  // Campaigns: the creative and the landing page, then Approve.
  let row = await openQueue(page, /^Campaigns/, advertiser.campaignName);
  await expect(row.getByRole('img', { name: /Creative/ })).toBeVisible();
  const landing = row.getByRole('link', { name: /landing\.example\.com/ });
  await expect(landing).toHaveAttribute('target', '_blank');
  await expect(landing).toHaveAttribute('rel', 'noopener noreferrer');
  await checkBothWidths(page, 'admin-queue-campaigns');
  await phoneKeepsActions(page, advertiser.campaignName);
  let modal = await rowAction(page, row, 'approve');
  await settle(page);
  await checkScreen(page, 'admin-queue-action-modal');
  await modal.getByTestId('action-confirm').click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('queue-no-match')).toBeVisible();

  // Websites: Reject asks for a reason; then Approve.
  row = await openQueue(page, /^Websites/, publisher.domain);
  await checkBothWidths(page, 'admin-queue-websites');
  await phoneKeepsActions(page, publisher.domain, /^(Not verified|Verified)$/);
  modal = await rowAction(page, row, 'reject');
  await modal.getByTestId('action-confirm').click();
  await expect(modal.getByText('Give the reason (the customer reads it).')).toBeVisible();
  await settle(page);
  await checkScreen(page, 'admin-queue-reason-modal');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  modal = await rowAction(page, row, 'approve');
  await modal.getByTestId('action-confirm').click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('queue-no-match')).toBeVisible();

  // Identity documents: the file opens in a new tab from a blob address; then Verify.
  row = await openQueue(page, /^Identity documents/, advertiser.email);
  await checkBothWidths(page, 'admin-queue-documents');
  await phoneKeepsActions(page, advertiser.email);
  const [tab] = await Promise.all([context.waitForEvent('page'), row.getByTestId('document-open').click()]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  modal = await rowAction(page, row, 'approve');
  await modal.getByTestId('action-confirm').click();
  await expect(modal).toHaveCount(0);

  // Bank transfers: the amount is shown before it is confirmed (€123 with Irish VAT: €100 net).
  row = await openQueue(page, /^Bank transfers/, advertiser.reference);
  await checkBothWidths(page, 'admin-queue-transfers');
  await phoneKeepsActions(page, advertiser.reference);
  modal = await rowAction(page, row, 'confirm', '123');
  await expect(modal.getByTestId('transfer-confirm-amount')).toContainText('€123.00');
  await modal.getByTestId('action-confirm').click();
  await expect(modal).toHaveCount(0);

  // Payouts: Mark sent asks for the bank reference.
  row = await openQueue(page, /^Payouts/, payee.email);
  await checkBothWidths(page, 'admin-queue-payouts');
  await phoneKeepsActions(page, payee.email);
  modal = await rowAction(page, row, 'sent');
  await modal.getByTestId('action-confirm').click();
  await expect(modal.getByText('Give the bank reference or the transaction hash.')).toBeVisible();
  await modal.getByRole('textbox').fill('SEPA-E2E-QUEUE-1');
  await modal.getByTestId('action-confirm').click();
  await expect(modal).toHaveCount(0);

  // The customers see the results.
  await customer.goto(`/campaigns/all/setup/${advertiser.campaignId}/`);
  await expect(customer.getByTestId('setup-tab').getByTestId('status-badge')).toHaveText('Running');
  await customer.goto('/billing/details/');
  await expect(customer.getByTestId('verification-status')).toContainText('verified');
  await customer.goto('/billing/history/');
  await expect(customer.getByTestId('header-balance')).toHaveText('€100.00');

  const publisherPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await logIn(publisherPage, publisher);
  await publisherPage.goto(`/websites/all/ad-codes/${publisher.websiteId}/`);
  await expect(publisherPage.getByTestId('website-detail-status')).toHaveText('Approved');

  const payeePage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await logIn(payeePage, payee);
  await payeePage.goto('/billing/history/');
  const payout = payeePage.getByTestId('billing-history-table').getByRole('row').filter({ hasText: 'Payout' });
  await expect(payout.getByTestId('history-status')).toHaveText('Processing');
  await payout.getByTestId('history-timeline').click();
  await expect(payeePage.getByRole('dialog').getByTestId('payout-step-sent')).toContainText('SEPA-E2E-QUEUE-1');

  // The money arrived: the sent payout, on its own tab, is marked completed; the payee sees it.
  await page.getByTestId('queue-tabs').getByText('Sent, not arrived').click();
  row = page.getByTestId('queue-row').filter({ hasText: payee.email });
  await expect(row).toHaveCount(1);
  modal = await rowAction(page, row, 'complete');
  await modal.getByTestId('action-confirm').click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('queue-row').filter({ hasText: payee.email })).toHaveCount(0);
  await payeePage.reload();
  await expect(payout.getByTestId('history-status')).toHaveText('Completed');

  // Invalid traffic: a crawler on the approved website's banner zone is answered, recorded as
  // filtered and never billed, and the zone is flagged; on a phone Pause zone stays in sight.
  const detail = await api<{ zones: { unique: string; type: number; size: string }[] }>(
    request,
    'GET',
    `/websites/${publisher.websiteId}`,
    { token: publisher.token },
  );
  const zone = detail.body.response.zones.find((z) => z.type === 1 && z.size === '300x250')?.unique;
  expect(zone, 'a banner zone').toBeTruthy();
  // The delivery index sees the new zone within seconds: crawl until the queue lists it.
  await expect(async () => {
    for (let i = 0; i < 40; i++)
      expect((await request.get(`/serve/${zone}`, { headers: { 'user-agent': CRAWLER_UA } })).status()).toBeLessThan(
        500,
      );
    const flagged = await api<{ items: unknown[] }>(page.request, 'GET', `/admin/queues/traffic?q=${publisher.domain}`);
    expect(flagged.body.response.items).toHaveLength(1);
  }).toPass({ timeout: 60_000 });
  await page.goto('/admin/queues/traffic/');
  await page.getByTestId('queue-search').fill(publisher.domain);
  await expect(page.getByTestId('queue-total')).toHaveText('1 item');
  await checkBothWidths(page, 'admin-queue-traffic');
  await phoneKeepsActions(page, publisher.domain);
  await customer.goto('/billing/history/');
  await expect(customer.getByTestId('header-balance')).toHaveText('€100.00');
});
