import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { checkScreen, screenshot } from './support/a11y';
import { expectRowActionsInViewport } from './support/tables';
import { api, createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { png } from './support/png';
import { logIn, settle } from './support/ui';

/**
 * Buying and selling in the marketplace (docs/product/marketplace.md#orders, #roles): an advertiser orders from
 * the cart and pays from the balance, the publisher of one listing accepts and delivers a page
 * served from this test that links to the advertiser's page, the server checks it, and the
 * advertiser approves; a package order; a listing request with a real 128x128 PNG; a publisher
 * who tries to pay reads the exact message of docs/product/marketplace.md#roles. Axe and a 390 px check on every screen.
 */

type Account = { email: string; password: string; token: string };

const TARGET = 'https://launch.e2e.example/token-sale';

/** A publisher's article on 127.0.0.1 linking to the buyer's page (the e2e server may read loopback). */
async function startArticle() {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Token sale news</title></head><body><article><h1>A new token sale</h1><p>Read more on <a href="${TARGET}">the launch page</a>.</p></article></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/news/token-sale`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Billing details through the API, as the identification screen sends them (orders need them). */
async function giveBillingDetails(request: APIRequestContext, user: Account) {
  const res = await api(request, 'POST', '/billing/details', {
    token: user.token,
    data: { isCompany: false, country: 'IE', address: '1 Quay Street, Galway', firstName: 'E2e', lastName: 'Buyer' },
  });
  expect(res.status, `billing details: ${res.body.reason}`).toBe(200);
}

/** Money on the balance: a bank transfer with the account's reference, confirmed by an operator. */
async function fund(request: APIRequestContext, user: Account, euros: number) {
  const bank = await api<{ reference: string }>(request, 'GET', '/billing/deposit/bank-transfer', {
    token: user.token,
  });
  expect(bank.status, `bank reference: ${bank.body.reason}`).toBe(200);
  expect(operator('deposit', 'confirm-bank', bank.body.response.reference, String(euros))).toContain('Credited');
}

async function newAdvertiser(request: APIRequestContext, euros = 0) {
  const user = await createVerifiedUser(request, 'advertiser');
  await giveBillingDetails(request, user);
  if (euros > 0) await fund(request, user, euros);
  return user;
}

/** A live listing of a fresh publisher: requested through the API and approved by an operator. */
async function liveListing(request: APIRequestContext, publisher: Account, title: string, price: number) {
  const res = await api<{ unique: string }>(request, 'POST', '/marketplace/listings/new', {
    token: publisher.token,
    data: {
      title,
      category: 1,
      niches: ['Blockchain & Crypto'],
      language: 'English',
      price,
      icon: { name: 'icon.png', resource: `data:image/png;base64,${png(128, 128, [20, 120, 90]).toString('base64')}` },
      attributes: { 'Gambling Allowed': 'Yes', 'Dofollow Links Allowed': 'Yes' },
    },
  });
  expect(res.status, `listing request: ${res.body.reason}`).toBe(200);
  expect(operator('listing', 'approve', res.body.response.unique)).toContain('approved');
  return res.body.response.unique;
}

/** A live listing from the demo catalogue that someone else sells. */
async function catalogueListing(request: APIRequestContext, user: Account) {
  const res = await api<{ order: string[]; listings: Record<string, { title: string; finalPrice: number }> }>(
    request,
    'POST',
    '/marketplace/listings',
    { token: user.token, data: { page: 1, sort: 'lowtohigh' } },
  );
  expect(res.status, `search: ${res.body.reason}`).toBe(200);
  const unique = res.body.response.order[0];
  if (!unique) throw new Error('the demo catalogue is empty');
  return { unique, ...(res.body.response.listings[unique] as { title: string; finalPrice: number }) };
}

async function addToWishlist(request: APIRequestContext, user: Account, listings: string[]) {
  const wishlist = await api<{ unique: string }>(request, 'GET', '/marketplace/wishlist/general', {
    token: user.token,
  });
  const res = await api(request, 'PUT', `/marketplace/wishlist/${wishlist.body.response.unique}`, {
    token: user.token,
    data: { listings },
  });
  expect(res.status, `wishlist: ${res.body.reason}`).toBe(200);
}

async function closeStatus(page: Page, text: string, button = 'Continue') {
  const dialog = page.getByTestId('status-modal');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

async function pageAs(browser: Browser, user: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('marketplace orders', () => {
  test('an advertiser orders from the cart and pays from the balance; the publisher delivers; the advertiser approves', async ({
    page,
    request,
    browser,
  }) => {
    // Two accounts through every buying and selling screen, with an axe run on each.
    test.setTimeout(240_000);
    const article = await startArticle();
    try {
      const publisher = await createVerifiedUser(request, 'publisher');
      const own = await liveListing(request, publisher, 'E2E Coin Street sponsored article', 180);
      // 6,150 EUR received: 5,000 EUR on the balance and the Irish VAT.
      const buyer = await newAdvertiser(request, 6150);
      const other = await catalogueListing(request, buyer);
      await addToWishlist(request, buyer, [own, other.unique]);

      // The wishlist: both rows; each goes to the cart from here, and the header counts them.
      await logIn(page, buyer);
      await page.goto('/wishlist/');
      await expect(page).toHaveTitle('Wishlist - Cryptads Marketplace');
      const rows = page.getByTestId('basket-row');
      await expect(rows).toHaveCount(2);
      await expect(page.getByTestId('basket-count')).toHaveText('Items (2)');
      await checkScreen(page, 'marketplace-wishlist');
      for (const button of await page.getByTestId('row-add-to-cart').all()) {
        await button.click();
        await expect(button).toHaveText('Added to Cart');
      }
      await expect(page.getByTestId('cart-count')).toHaveText('2');
      await page.getByTestId('cart-link').click();
      const dropdown = page.getByTestId('cart-dropdown');
      await expect(dropdown.getByTestId('cart-dropdown-item')).toHaveCount(2);
      await settle(page);
      await checkScreen(page, 'marketplace-cart-dropdown');
      await dropdown.getByRole('link', { name: 'View Cart' }).click();

      // The cart's Order Details form: the account's email, a Telegram account and the page to promote.
      await expect(page).toHaveURL(/\/cart\/$/);
      await expect(page.getByTestId('order-email')).toHaveValue(buyer.email);
      await page.getByTestId('order-email').fill('');
      await page.getByTestId('order-submit').click();
      await expect(page.getByText(M.required)).toBeVisible();
      await page.getByTestId('order-email').fill(buyer.email);
      await page.getByTestId('order-livechat').fill('@e2e_buyer');
      await page.getByTestId('order-target-url').fill(TARGET);
      await checkScreen(page, 'marketplace-cart');
      await page.getByTestId('order-submit').click();
      await closeStatus(page, M.orderSubmitted);
      await expect(page.getByTestId('cart-count')).toBeHidden();

      // My Orders opens the new order, waiting for payment.
      await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]+\/$/);
      const orderUnique = page.url().split('/').at(-2) ?? '';
      const detail = page.getByTestId('order-detail');
      await expect(detail.getByTestId('order-status')).toHaveText('Waiting Payment');
      await expect(detail.getByTestId('order-item')).toHaveCount(2);
      await checkScreen(page, 'marketplace-order-pending');

      // Pay Now: the balance covers it.
      await page.getByTestId('pay-now').click();
      const pay = page.getByTestId('pay-modal');
      await expect(pay.getByTestId('pay-option-wallet')).toBeEnabled();
      await pay.getByTestId('pay-option-crypto').click();
      await expect(pay.getByTestId('pay-breakdown-crypto')).toContainText('Processing fee');
      await settle(page);
      await checkScreen(page, 'marketplace-pay');
      await pay.getByTestId('pay-option-wallet').click();
      await pay.getByTestId('pay-submit').click();
      await closeStatus(page, M.orderPaid);
      await expect(detail.getByTestId('order-status')).toHaveText('Completed');
      await expect(detail.getByTestId('item-state').first()).toHaveText('Pending');
      await expect(detail.getByTestId('item-accept').first()).toContainText(/The seller accepts by .*\(in /);

      // The publisher accepts and delivers the page served above.
      const seller = await pageAs(browser, publisher);
      await seller.getByTestId('marketplace-toggle').click();
      await expect(seller.getByRole('link', { name: /Incoming Orders 1 waiting for you/ })).toBeVisible();
      await seller.getByRole('link', { name: /Incoming Orders/ }).click();
      await expect(seller).toHaveURL(/\/selling\/orders\/$/);
      await expect(seller).toHaveTitle('Incoming Orders - Cryptads Marketplace');
      const item = seller.getByTestId('incoming-item');
      await expect(item).toHaveCount(1);
      await expect(item.getByTestId('incoming-target')).toHaveText(TARGET);
      await checkScreen(seller, 'marketplace-incoming');
      await item.getByTestId('accept-item').click();
      await expect(item.getByTestId('item-state')).toHaveText('Accepted');
      await item.getByTestId('deliver-item').click();
      const deliver = seller.getByTestId('deliver-modal');
      await deliver.getByTestId('deliver-proof-url').fill(article.url);
      await settle(seller);
      await checkScreen(seller, 'marketplace-deliver');
      await deliver.getByTestId('deliver-submit').click();
      await expect(deliver).toBeHidden();
      await seller
        .getByTestId('incoming-filter')
        .getByText(/^In review/)
        .click();
      const check = seller.getByTestId('proof-check');
      await expect(check).toHaveAttribute('data-broken', 'false');
      await expect(check).toContainText('Page is live (HTTP 200)');
      await expect(check).toContainText('Link to the promoted page found');
      await expect(check).toContainText('Link is dofollow');
      await screenshot(seller, 'marketplace-delivered'); // axe: marketplace-incoming (same components)
      await seller.context().close();

      // The advertiser sees the delivery and its check, approves it, and the item is Completed.
      await page.goto(`/orders/${orderUnique}/`);
      const delivered = page.getByTestId('order-item').filter({ has: page.getByTestId('approve-delivery') });
      await expect(delivered.getByTestId('item-state')).toHaveText('Delivered');
      await expect(delivered.getByTestId('item-proof')).toContainText(article.url);
      await expect(delivered.getByTestId('proof-check')).toContainText('Link to the promoted page found');
      await checkScreen(page, 'marketplace-order-delivered');
      await delivered.getByTestId('approve-delivery').click();
      await page.getByTestId('confirm-modal').getByRole('button', { name: 'Approve delivery' }).click();
      await closeStatus(page, 'approved');
      const completed = page.getByTestId('order-item').filter({ hasText: 'E2E Coin Street sponsored article' });
      await expect(completed.getByTestId('item-state')).toHaveText('Completed');
      await expect(completed.getByTestId('item-proof')).toContainText(article.url);

      // The wishlist row now carries the completed order's proof and delivery date.
      await page.goto('/wishlist/');
      const row = page.getByTestId('basket-row').filter({ hasText: 'E2E Coin Street sponsored article' });
      await expect(row.getByTestId('item-state')).toHaveText('Completed');
      await expect(row.getByRole('link', { name: 'Delivery proof' })).toHaveAttribute('href', article.url);
      await screenshot(page, 'marketplace-wishlist-completed'); // axe: marketplace-wishlist
    } finally {
      await article.close();
    }
  });

  test('an advertiser orders a package after confirming and lands on the new order', async ({ page, request }) => {
    const buyer = await newAdvertiser(request);
    await logIn(page, buyer);
    await page.goto('/packages/');
    await expect(page).toHaveTitle('Packages - Cryptads Marketplace');
    await expect(page.getByRole('tab', { name: 'Press Release' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByTestId('packages-table');
    await expect(table.getByTestId('package-link').first()).toBeVisible();
    await checkScreen(page, 'marketplace-packages');
    await expectRowActionsInViewport(page, table);
    await checkScreen(page, 'marketplace-packages-390');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('tab', { name: 'KOL Spotlight' }).click();
    await expect(page).toHaveURL(/\/packages\/kol-spotlight\/$/);
    await page.getByRole('tab', { name: 'Press Release' }).click();
    await expect(page).toHaveURL(/\/packages\/$/);
    // The tab and the rows come from the same render: once the tab is selected, the rows are
    // Press Release ones (reading the first title earlier could catch the KOL table).
    await expect(page.getByRole('tab', { name: 'Press Release' })).toHaveAttribute('aria-selected', 'true');

    const link = table.getByTestId('package-link').first();
    const title = (await link.textContent()) ?? '';
    await link.click();
    await expect(page.getByTestId('package-title')).toHaveText(title);
    await checkScreen(page, 'marketplace-package');
    // Back to Packages follows the browser's history.
    await page.getByTestId('back-to-packages').click();
    await expect(page).toHaveURL(/\/packages\/$/);
    await page.goForward();
    await page.getByTestId('order-package').click();
    const confirm = page.getByTestId('confirm-modal');
    await expect(confirm).toContainText(M.packageConfirm);
    await settle(page);
    await checkScreen(page, 'marketplace-package-confirm');
    await confirm.getByRole('button', { name: 'Submit Order' }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]+\/$/);
    const detail = page.getByTestId('order-detail');
    await expect(detail.getByTestId('order-status')).toHaveText('Waiting Payment');
    await expect(detail).toContainText(title);

    // Canceling asks first.
    await page.getByTestId('cancel-order').click();
    const cancel = page.getByTestId('confirm-modal');
    await expect(cancel).toContainText(M.cancelConfirm);
    await cancel.getByRole('button', { name: 'Cancel Order' }).click();
    await closeStatus(page, M.orderCanceled);
    await expect(detail.getByTestId('order-status')).toHaveText('Canceled');
  });

  test('a publisher requests a listing with a real 128x128 PNG and sees it go live', async ({ page, request }) => {
    const publisher = await createVerifiedUser(request, 'publisher');
    await logIn(page, publisher);
    await page.goto('/new-listing/');
    await expect(page).toHaveTitle('Request a Listing - Cryptads Marketplace');
    await page.getByTestId('listing-title').fill('E2E Galway crypto weekly press release');
    await page.getByTestId('listing-price').fill('240');
    await page.getByRole('checkbox', { name: 'Blockchain & Crypto' }).check();
    const file = page.locator('input[type="file"]');
    await file.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(64, 64, [200, 60, 40]) });
    await expect(page.getByText(M.thumbnailSize)).toBeVisible();
    await file.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(128, 128, [40, 90, 200]) });
    await expect(page.getByTestId('thumbnail-preview')).toBeVisible();
    await page.getByTestId('attr-Twitter').fill('@galwaycrypto');
    await checkScreen(page, 'marketplace-new-listing');
    await page.getByTestId('listing-submit').click();
    await closeStatus(page, M.listingCreated);

    await expect(page).toHaveURL(/\/selling\/listings\/$/);
    const table = page.getByTestId('my-listings-table');
    await expect(table.getByTestId('my-listing-status')).toHaveText('Waiting for review');
    await checkScreen(page, 'marketplace-my-listings');
    const pending = operator('listing', 'list', '--pending')
      .split('\n')
      .find((line) => line.includes('E2E Galway crypto weekly press release'));
    const unique = pending?.split(/\s+/)[0] ?? '';
    expect(operator('listing', 'approve', unique)).toContain('approved');
    await page.reload();
    await expect(table.getByTestId('my-listing-status')).toHaveText('Active');
    await expect(table.getByRole('link', { name: 'E2E Galway crypto weekly press release' })).toHaveAttribute(
      'href',
      `/marketplace/listing/${unique}/`,
    );
  });

  test('a publisher who presses Pay Now reads why at once, with the button Close', async ({ page, request }) => {
    const publisher = await createVerifiedUser(request, 'publisher');
    await giveBillingDetails(request, publisher);
    const listing = await catalogueListing(request, publisher);
    // The whole journey from the listing: Add to Cart, the cart's order, then Pay Now.
    await logIn(page, publisher);
    await page.goto(`/marketplace/listing/${listing.unique}/`);
    await page.getByTestId('toggle-cart').click();
    await expect(page.getByTestId('toggle-cart')).toHaveText('Added to Cart');
    await expect(page.getByTestId('toggle-cart')).not.toHaveAttribute('data-pending', 'true');
    await page.goto('/cart/');
    await expect(page.getByTestId('basket-row')).toHaveCount(1);
    await page.getByTestId('order-submit').click();
    await closeStatus(page, M.orderSubmitted);
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]+\/$/);
    // Told at Pay Now itself, by the server, before any way to pay is offered.
    await page.getByTestId('pay-now').click();
    const dialog = page.getByTestId('status-modal');
    await expect(dialog).toContainText('Something went wrong!');
    await expect(dialog).toContainText(M.publisherCannotBuy);
    await expect(page.getByTestId('pay-modal')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    await settle(page);
    await checkScreen(page, 'marketplace-publisher-cannot-pay');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('order-status').last()).toHaveText('Waiting Payment');
  });
});

test.describe('marketplace orders at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cart, my orders, a package and the listing request work on a phone', async ({ page, request }) => {
    const buyer = await newAdvertiser(request);
    const listing = await catalogueListing(request, buyer);
    const cart = await api(request, 'PUT', '/marketplace/cart', {
      token: buyer.token,
      data: { listings: [listing.unique] },
    });
    expect(cart.status).toBe(200);
    await logIn(page, buyer);

    await page.goto('/cart/');
    await expect(page.getByTestId('basket-row')).toHaveCount(1);
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-cart');
    await page.getByTestId('order-submit').click();
    await closeStatus(page, M.orderSubmitted);
    await expect(page.getByTestId('order-detail')).toBeVisible();
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-order');

    await page.goto('/orders/');
    await expect(page.getByTestId('order-detail')).toBeVisible();
    await page.goto('/wishlist/');
    await expect(page.getByTestId('basket-empty')).toContainText(M.emptyWishlist);
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-wishlist-empty');

    await page.goto('/packages/');
    await expect(page.getByTestId('package-link').first()).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByTestId('package-link').first().click();
    await expect(page.getByTestId('package-title')).toBeVisible();
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-package');

    await page.goto('/new-listing/');
    await expect(page.getByTestId('listing-publishers-only')).toContainText(M.listingRequestsPublisherOnly);
    await noSidewaysScroll(page);
    await screenshot(page, 'mobile-marketplace-new-listing-advertiser'); // axe: the desktop screens
  });

  test('the selling screens work on a phone', async ({ page, request }) => {
    const publisher = await createVerifiedUser(request, 'publisher');
    await logIn(page, publisher);
    await page.goto('/new-listing/');
    await expect(page.getByTestId('new-listing-form')).toBeVisible();
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-new-listing');
    await page.goto('/selling/orders/');
    await expect(page.getByTestId('incoming-empty')).toBeVisible();
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-incoming-empty');
  });
});
