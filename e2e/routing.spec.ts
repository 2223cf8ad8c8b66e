import { expect, test } from '@playwright/test';
import { checkScreen, screenshot } from './support/a11y';
import { createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { logIn, loginThroughForm } from './support/ui';

test.describe('routing', () => {
  test('an unknown path shows the not-found screen with a link home', async ({ page }) => {
    await page.goto('/no/such/page/');
    await expect(page.getByText('404 - Page not Found!')).toBeVisible();
    await checkScreen(page, 'not-found');
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/login\/$/);
  });

  test('a protected route sends a logged-out visitor to the login page', async ({ page }) => {
    await page.goto('/settings/security/');
    await expect(page).toHaveURL(/\/login\/$/);
  });

  test('the disabled-account page and the developer guide render', async ({ page }) => {
    await page.goto('/banned/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkScreen(page, 'banned');
    await page.goto('/guide/dev');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkScreen(page, 'guide');
    await page.goto('/guide/not-the-secret');
    await expect(page.getByText('404 - Page not Found!')).toBeVisible();
  });

  test('the marketplace toggle switches the shell to marketplace mode and back', async ({ page }) => {
    await logIn(page, { email: 'publisher@cryptads.example', password: 'Publisher#2026' });
    await page.getByTestId('marketplace-toggle').click();
    await expect(page).toHaveURL(/\/marketplace\/$/);
    await expect(page).toHaveTitle('Browse Listings - Cryptads Marketplace');
    // The marketplace sidebar: its sections, the publisher's selling screens, the request card.
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Packages', 'My Orders', 'Wishlist', 'My Listings', /^Incoming Orders/])
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    await expect(page.getByTestId('request-listing-card')).toBeVisible();
    await expect(page.getByTestId('cart-link')).toBeVisible();
    await page.getByTestId('back-to-dashboard').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(sidebar.getByRole('link', { name: 'My Listings' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Reports' })).toBeVisible();
  });
});

test('a disabled account is logged out and lands on the disabled-account page', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'advertiser');
  await logIn(page, user);
  expect(operator('user', 'disable', user.email)).toContain('disabled');
  // The session is gone: the next call logs out; logging in again lands on /banned/.
  await page.reload();
  await expect(page).toHaveURL(/\/login\/$/);
  await loginThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/banned\/$/);
});

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the login page and the shell work on a phone', async ({ page }) => {
    await page.goto('/login/');
    await screenshot(page, 'mobile-login'); // axe: login-error (same components)
    await loginThroughForm(page, 'advertiser@cryptads.example', 'Advertiser#2026');
    await expect(page).toHaveURL('/');
    // The header keeps the balance on a phone, whole and on screen; Add Funds is in the account menu.
    const balance = page.getByTestId('header-balance');
    await expect(balance).toContainText('€');
    await expect(balance).toBeInViewport({ ratio: 1 });
    await checkScreen(page, 'mobile-dashboard');
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'Add Funds' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Add Funds' })).toBeHidden();
    // Beside the marketplace's search and cart too, with the page title whole.
    await page.goto('/marketplace/');
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await expect(balance).toBeInViewport({ ratio: 1 });
    // Its longest word fits its width (it wraps between words, never inside one) and it stays in the header.
    const title = page.getByTestId('page-title');
    await expect(title).toHaveText('Browse Listings');
    const fit = await title.evaluate((el) => {
      const probe = el.cloneNode(true) as HTMLElement;
      probe.style.cssText = 'position:absolute;visibility:hidden;width:min-content;overflow-wrap:normal';
      el.parentElement?.appendChild(probe);
      const longestWord = probe.getBoundingClientRect().width;
      probe.remove();
      const box = el.getBoundingClientRect();
      return { longestWord: Math.ceil(longestWord), width: Math.floor(box.width), bottom: box.bottom };
    });
    expect(fit.longestWord, `the title is ${fit.width} px wide`).toBeLessThanOrEqual(fit.width + 1);
    expect(fit.bottom).toBeLessThanOrEqual(64);
    await screenshot(page, 'mobile-marketplace-header', { fullPage: false }); // axe: mobile-dashboard (same header)
    await page.goto('/');
    await page.getByTestId('mobile-menu-button').click();
    await expect(page.getByRole('dialog').getByText('Billing Center', { exact: true })).toBeVisible();
    await checkScreen(page, 'mobile-menu');
  });
});
