import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkAccessibility, checkScreen, screenshot } from './support/a11y';
import { api, createVerifiedUser } from './support/api';
import { loginAsNew, logIn, settle } from './support/ui';

/**
 * Browsing the marketplace (docs/product/marketplace.md#browse): the home with its banners, category rows and filter
 * panel; Filter Listings with the filters, sort, page and search in the URL; the header's
 * instant search (a misspelling too); a listing's page with its gallery, wishlist and cart
 * toggles, similar and recently viewed listings. Against the demo catalogue. Each test uses
 * an advertiser of its own: the wishlist and cart it fills are nobody else's, whatever order
 * the specs run in. Axe and a 390 px check on every screen.
 */

/** The prices (after discount) of the cards on screen, in order. */
async function cardPrices(page: Page): Promise<number[]> {
  const prices = page.getByTestId('results').getByTestId('listing-price');
  return await prices.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-final-price'))));
}

/** The grid/list toggle's segment (its radio input is hidden; the label is what a person clicks). */
const viewButton = (page: Page, name: string) =>
  page.getByTestId('view-toggle').locator('label').filter({ hasText: name });
const resultsLoaded = (page: Page) => expect(page.getByTestId('results')).toBeVisible();
const chip = (page: Page, label: string) => page.getByTestId('filter-chip').filter({ hasText: label });

/** Types into the instant search as a person does, and waits for the server's answer to the whole text. */
async function searchFor(page: Page, box: Locator, text: string) {
  await box.fill('');
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/marketplace/instantSearch?') && new URL(r.url()).searchParams.get('q') === text,
  );
  await box.pressSequentially(text, { delay: 20 });
  await answered;
}

/**
 * The instant search's options as a screen: a viewport screenshot and axe while they are open
 * (a full-page screenshot would blur the box, which closes them).
 */
async function checkOptions(page: Page, name: string) {
  await expect(page.getByRole('listbox')).toBeVisible();
  await settle(page);
  await screenshot(page, name, { fullPage: false });
  await checkAccessibility(page, name);
  await expect(page.getByRole('listbox')).toBeVisible();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('marketplace browsing', () => {
  test('an advertiser filters by category and price, sorts, switches the view and removes a chip', async ({
    page,
    request,
  }) => {
    const user = await loginAsNew(page, request, 'advertiser');
    // A price bound that keeps about half of the press releases, whatever the demo's prices are.
    const pressReleases = await api<{ listings: Record<string, { finalPrice: number }>; order: string[] }>(
      request,
      'POST',
      '/marketplace/listings',
      { token: user.token, data: { category: [0], sort: 'lowtohigh' } },
    );
    const prices = pressReleases.body.response.order.map(
      (u) => pressReleases.body.response.listings[u]?.finalPrice ?? 0,
    );
    const maxPrice = Math.ceil(prices[Math.floor(prices.length / 2)] ?? 0);
    expect(maxPrice).toBeGreaterThan(0);

    // The dashboard's teaser: 6 listings and a way in.
    const teaser = page.getByTestId('marketplace-teaser');
    await expect(teaser.getByTestId('listing-card')).toHaveCount(6);

    await page.getByTestId('marketplace-toggle').click();
    await expect(page).toHaveURL(/\/marketplace\/$/);
    await expect(page).toHaveTitle('Browse Listings - Cryptads Marketplace');
    await expect(page.getByTestId('banner-packages').getByRole('link')).toHaveAttribute('href', '/packages/');
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await checkScreen(page, 'marketplace-browse');

    // A category row opens the results with that category.
    await page.getByTestId('category-row').getByRole('link', { name: 'Press Release', exact: true }).click();
    await expect(page).toHaveURL(/\/marketplace\/listings\/\?category=0$/);
    await expect(page).toHaveTitle('Filter Listings - Cryptads Marketplace');
    await resultsLoaded(page);
    await expect(chip(page, 'Press Release')).toBeVisible();
    await expect(page.getByTestId('result-count')).toContainText('listings');
    await checkScreen(page, 'marketplace-listings');

    // A price range from the panel.
    const panel = page.getByTestId('filter-panel');
    await panel.getByLabel('Max (€)').fill(String(maxPrice));
    await expect(panel.getByTestId('filter-apply')).toHaveText(/Show \d+ listings?/);
    await panel.getByTestId('filter-apply').click();
    await expect(page).toHaveURL(new RegExp(`category=0&maxPrice=${maxPrice}$`));
    await expect(chip(page, `Up to €${maxPrice.toLocaleString('en-GB')}.00`)).toBeVisible();
    await resultsLoaded(page);
    await expect.poll(async () => (await cardPrices(page)).every((p) => p <= maxPrice)).toBe(true);

    // Cheapest first.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Price: Low to High' }).click();
    await expect(page).toHaveURL(/sort=lowtohigh/);
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length > 1 && prices.every((p, i) => i === 0 || (prices[i - 1] ?? 0) <= p);
      })
      .toBe(true);

    // The list view, kept for the account across a reload.
    await viewButton(page, 'List view').click();
    await expect(page.getByTestId('results')).toHaveAttribute('data-view', 'list');
    await page.reload();
    await expect(page.getByTestId('results')).toHaveAttribute('data-view', 'list');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Price: Low to High');
    await checkScreen(page, 'marketplace-listings-list');

    // Removing a chip widens the search again; the other filters stay.
    await page.getByRole('button', { name: 'Remove filter Press Release' }).click();
    await expect(page).toHaveURL(new RegExp(`/marketplace/listings/\\?maxPrice=${maxPrice}&sort=lowtohigh$`));
    await expect(chip(page, 'Press Release')).toHaveCount(0);
    await viewButton(page, 'Grid view').click();
    await expect(page.getByTestId('results')).toHaveAttribute('data-view', 'grid');
  });

  test('an advertiser searches from the header: typed, misspelt, nothing found, suggested', async ({
    page,
    request,
  }) => {
    await loginAsNew(page, request, 'advertiser');
    await page.goto('/marketplace/listings/');
    await resultsLoaded(page);

    // Instant search: typed, misspelt, nothing found, then Enter for the full results.
    const box = page.getByRole('combobox', { name: 'Search listings' });
    await searchFor(page, box, 'Satoshi Street');
    const dropdown = page.getByRole('listbox');
    await expect(dropdown.getByRole('option', { name: /Satoshi Street Journal/ }).first()).toBeVisible();
    await checkOptions(page, 'marketplace-instant-results');
    await searchFor(page, box, 'Satoshi Stret');
    await expect(dropdown.getByRole('option', { name: /Satoshi Street Journal/ }).first()).toBeVisible();
    await searchFor(page, box, 'qqzzxxv');
    await expect(page.getByText('No listings found.')).toBeVisible();
    await searchFor(page, box, 'bitcoin');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/marketplace\/listings\/\?q=bitcoin$/);
    await expect(chip(page, 'Search: “bitcoin”')).toBeVisible();
    await resultsLoaded(page);

    // Two other accounts search: one finds listings, one finds nothing.
    for (const [role, q] of [
      ['advertiser', 'bitcoin'],
      ['publisher', 'bitcoin'],
      ['publisher', 'zzqqvvxx'],
    ] as const) {
      const other = await createVerifiedUser(request, role);
      const res = await api(request, 'GET', `/marketplace/instantSearch?q=${q}`, { token: other.token });
      expect(res.status).toBe(200);
    }

    // Empty and focused, the box offers what OTHER accounts searched for that found listings:
    // never this account's own searches (its typo 'satoshi stret' included), never a search
    // that found nothing; choosing one searches it.
    await page.reload();
    await box.click();
    await expect(page.getByText('Others also searched for:')).toBeVisible();
    await expect(dropdown.getByRole('option', { name: 'bitcoin', exact: true })).toBeVisible();
    await expect(dropdown.getByRole('option', { name: 'satoshi stret', exact: true })).toHaveCount(0);
    await expect(dropdown.getByRole('option', { name: 'zzqqvvxx', exact: true })).toHaveCount(0);
    await checkOptions(page, 'marketplace-instant-focus');
    await dropdown.getByRole('option', { name: 'bitcoin', exact: true }).click();
    await expect(box).toHaveValue('bitcoin');
    await expect(dropdown.getByRole('option').first()).toBeVisible();
    await box.press('Escape');
  });

  test('an advertiser opens a listing, its gallery, adds it to the wishlist and cart, and sees it again', async ({
    page,
    request,
  }) => {
    await loginAsNew(page, request, 'advertiser');
    await page.goto('/marketplace/listings/?q=bitcoin');
    await resultsLoaded(page);

    // A listing's page, titled after it.
    const first = page.getByTestId('results').getByTestId('listing-link').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/marketplace\/listing\/[A-Za-z0-9_-]+\/$/);
    await expect(page.getByTestId('listing-title')).toHaveText(title);
    await expect(page).toHaveTitle(`${title} - Cryptads Marketplace`);
    await expect(page.getByTestId('listing-specs')).toContainText('Turnaround');
    await expect(page.getByTestId('listing-description')).not.toBeEmpty();
    await expect(page.getByTestId('similar-products').getByTestId('listing-card').first()).toBeVisible();
    await expect(page.getByTestId('recently-viewed')).toHaveCount(0);
    await checkScreen(page, 'marketplace-listing');

    // The gallery, enlarged.
    await page.getByTestId('gallery-open').click();
    const gallery = page.getByRole('dialog', { name: title });
    await expect(gallery.getByTestId('gallery-modal-image')).toBeVisible();
    if (await gallery.getByRole('button', { name: 'Next image' }).isVisible()) {
      await gallery.getByRole('button', { name: 'Next image' }).click();
      await expect(gallery.getByTestId('gallery-position')).toHaveText(/Image 2 of \d+/);
    }
    await settle(page);
    await checkScreen(page, 'marketplace-gallery');
    await page.keyboard.press('Escape');
    await expect(gallery).toBeHidden();

    // Wishlist and cart: the labels turn, and the server keeps both.
    const wish = page.getByTestId('toggle-wishlist');
    const cart = page.getByTestId('toggle-cart');
    await expect(wish).toHaveText('Add to Wishlist');
    await wish.click();
    await expect(wish).toHaveText('Added to Wishlist');
    await cart.click();
    await expect(cart).toHaveText('Added to Cart');
    await expect(wish).not.toHaveAttribute('aria-busy');
    await expect(cart).not.toHaveAttribute('aria-busy');
    await page.reload();
    await expect(page.getByTestId('toggle-wishlist')).toHaveText('Added to Wishlist');
    await expect(page.getByTestId('toggle-cart')).toHaveText('Added to Cart');
    const listingUrl = page.url();

    // Another listing remembers this one under Recently Viewed.
    await page.getByTestId('similar-products').getByTestId('listing-link').first().click();
    await expect(page).not.toHaveURL(listingUrl);
    const recent = page.getByTestId('recently-viewed');
    await expect(recent.getByTestId('listing-link')).toHaveText([title]);
    await screenshot(page, 'marketplace-listing-recent'); // axe: marketplace-listing (same components)

    await page.getByTestId('continue-shopping').click();
    await expect(page).toHaveURL(/\/marketplace\/listings\/$/);
  });

  test('no result offers to clear all filters; an unknown listing goes back to the marketplace', async ({
    page,
    request,
  }) => {
    await loginAsNew(page, request, 'advertiser');
    await page.goto('/marketplace/listings/?q=qqzzxxv&gamblingAllowed=YES&sort=newest');
    const empty = page.getByTestId('results-empty');
    await expect(empty.getByText('No listings found', { exact: true })).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('No listings match these filters');
    await checkScreen(page, 'marketplace-listings-empty');
    await empty.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(/\/marketplace\/listings\/\?sort=newest$/);
    await resultsLoaded(page);

    // A bookmark with values the schema refuses shows (and reads as) the defaults.
    await page.goto('/marketplace/listings/?sort=cheapest&page=-4&category=77');
    await expect(page).toHaveURL(/\/marketplace\/listings\/$/);
    await resultsLoaded(page);

    await page.goto('/marketplace/listing/no-such-listing/');
    await expect(page).toHaveURL(/\/marketplace\/$/);
    await expect(page.getByText('This listing does not exist or is no longer available.')).toBeVisible();
  });

  test('a publisher browses and keeps a wishlist too', async ({ page, request }) => {
    const publisher = await createVerifiedUser(request, 'publisher');
    await logIn(page, publisher);
    const { body } = await api<{ listings: Record<string, { unique: string; title: string }>; order: string[] }>(
      request,
      'POST',
      '/marketplace/listings',
      { token: publisher.token, data: { sort: 'newest' } },
    );
    const unique = body.response.order[0] ?? '';
    await page.goto(`/marketplace/listing/${unique}/`);
    await expect(page.getByTestId('listing-title')).toHaveText(body.response.listings[unique]?.title ?? '');
    await page.getByTestId('toggle-wishlist').click();
    await expect(page.getByTestId('toggle-wishlist')).toHaveText('Added to Wishlist');
    // A second click waits for the first answer (the spinner).
    await expect(page.getByTestId('toggle-wishlist')).not.toHaveAttribute('aria-busy');
    await page.getByTestId('toggle-wishlist').click();
    await expect(page.getByTestId('toggle-wishlist')).toHaveText('Add to Wishlist');
    await expect(page.getByTestId('toggle-wishlist')).not.toHaveAttribute('aria-busy');
    const wishlist = await api<{ listings: unknown[] }>(request, 'GET', '/marketplace/wishlist/general', {
      token: publisher.token,
    });
    expect(wishlist.body.response.listings).toEqual([]);
  });
});

test.describe('marketplace browsing at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters open in a drawer, the search in a dialog, and nothing scrolls sideways', async ({
    page,
    request,
  }) => {
    await loginAsNew(page, request, 'advertiser');
    await page.goto('/marketplace/');
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-browse');

    await page.getByTestId('open-filters').click();
    const drawer = page.getByRole('dialog', { name: 'Filter listings' });
    await drawer.getByRole('checkbox', { name: /^Sponsored Article/ }).check();
    await settle(page);
    await checkScreen(page, 'mobile-marketplace-filters');
    await drawer.getByTestId('filter-apply').click();
    await expect(page).toHaveURL(/\/marketplace\/listings\/\?category=1$/);
    await resultsLoaded(page);
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-listings');

    await page.getByTestId('instant-search-open').click();
    const search = page.getByRole('dialog', { name: 'Search listings' });
    await searchFor(page, search.getByRole('combobox', { name: 'Search listings' }), 'Block Pulse');
    // The options float above the dialog (outside it in the DOM).
    await expect(page.getByRole('option', { name: /Block Pulse/ }).first()).toBeVisible();
    await checkOptions(page, 'mobile-marketplace-search');
    await page
      .getByRole('option', { name: /Block Pulse/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/marketplace\/listing\/[A-Za-z0-9_-]+\/$/);
    await expect(page.getByTestId('listing-title')).toContainText('Block Pulse');
    await noSidewaysScroll(page);
    await checkScreen(page, 'mobile-marketplace-listing');
  });
});
