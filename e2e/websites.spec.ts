import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { WEBSITE_MESSAGES, WEBSITE_RULES } from '@cryptads/contract/websites-messages';
import { checkScreen } from './support/a11y';
import { api, createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { logIn } from './support/ui';

/**
 * A publisher's site on 127.0.0.1: its home page carries the verification meta tag once the
 * test knows the token, and /ads.txt the lines the test gives it (the e2e server runs with
 * VERIFY_ALLOW_PRIVATE=1 to reach it).
 */
async function startPublisherSite() {
  const state: { token: string | null; adsTxt: string | null } = { token: null, adsTxt: null };
  const server: Server = createServer((req, res) => {
    if (req.url === '/ads.txt' && state.adsTxt !== null) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(state.adsTxt);
      return;
    }
    const meta = state.token ? `<meta name="cryptads-site-verification" content="${state.token}">` : '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Crypto news</title>${meta}</head><body>Hello</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serveToken: (token: string) => {
      state.token = token;
    },
    serveAdsTxt: (text: string) => {
      state.adsTxt = text;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function closeStatus(page: Page, text: string) {
  const dialog = page.getByTestId('status-modal');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('publisher websites', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a publisher adds a website, verifies it, copies an ad code, renames a zone and sets preferences', async ({
    page,
    request,
  }) => {
    // One journey through every screen, with an axe run on each: longer than the default.
    test.setTimeout(180_000);
    const site = await startPublisherSite();
    try {
      const user = await createVerifiedUser(request, 'publisher');
      await logIn(page, user);

      await page.goto('/websites/all/');
      await expect(page.getByTestId('websites-empty')).toContainText(WEBSITE_MESSAGES.noWebsites);
      await checkScreen(page, 'websites-list-empty');
      await page.getByTestId('websites-empty').getByRole('link', { name: 'Add Website' }).click();
      await expect(page).toHaveURL(/\/websites\/add\/$/);
      await expect(page).toHaveTitle(/^Add Website - /);

      // Step 1: the rules, and the URL rule.
      for (const rule of WEBSITE_RULES) await expect(page.getByText(rule)).toBeVisible();
      await page.getByTestId('website-url').fill('127.0.0.1');
      await page.getByTestId('add-website-next').click();
      await expect(page.getByText(WEBSITE_MESSAGES.urlInvalid)).toBeVisible();
      await page.getByTestId('exclude-categories').click();
      await page.getByTestId('add-website-next').click();
      await expect(page.getByText(WEBSITE_MESSAGES.categoriesRequired)).toBeVisible();
      await checkScreen(page, 'websites-wizard-step1');
      await page.getByTestId('exclude-categories').click();
      await page.getByTestId('website-url').fill(site.url);
      await page.getByTestId('add-website-next').click();

      // Step 2: the token and both ways to place it; the check fails while the page lacks it.
      const token = (await page.getByTestId('verification-token').textContent()) ?? '';
      expect(token.length).toBeGreaterThan(10);
      await expect(page.getByTestId('verification-meta')).toContainText(`content="${token}"`);
      await expect(page.getByTestId('verification-file-url')).toContainText('/.well-known/');
      await page.getByTestId('verify-button').click();
      await expect(page.getByTestId('verification-failure')).toContainText(WEBSITE_MESSAGES.verificationFailed);
      // With the reason and the address fetched.
      await expect(page.getByTestId('verification-failure')).toContainText(
        `We fetched ${site.url}/: the page has no <meta name="cryptads-site-verification"> tag.`,
      );
      await checkScreen(page, 'websites-wizard-step2');

      // The completed first step is clickable and keeps what was entered.
      await page.getByRole('button', { name: /Add Your Website/ }).click();
      await expect(page.getByTestId('website-url')).toHaveValue(site.url);
      await page.getByTestId('add-website-next').click();

      site.serveToken(token);
      await page.getByTestId('verify-button').click();
      await expect(page).toHaveURL(/\/websites\/all\/$/);
      await closeStatus(page, WEBSITE_MESSAGES.websiteAdded);

      const link = page.getByTestId('website-link');
      await expect(link).toHaveText('127.0.0.1');
      await expect(page.getByTestId('website-status')).toHaveText('Pending');
      await checkScreen(page, 'websites-list');
      const id = (await link.getAttribute('href'))?.match(/ad-codes\/(\d+)\//)?.[1] ?? '';
      expect(id).not.toBe('');

      // Pending: verified, waiting for approval, no codes yet.
      await link.click();
      await expect(page).toHaveURL(`/websites/all/ad-codes/${id}/`);
      await expect(page.getByTestId('awaiting-approval')).toBeVisible();
      await expect(page.getByTestId('get-code')).toHaveCount(0);
      await expect(page.getByTestId('no-code').first()).toBeVisible();
      await checkScreen(page, 'websites-ad-codes-pending');

      expect(operator('website', 'approve', id)).toContain('approved');
      await page.reload();
      await expect(page.getByTestId('website-detail-status')).toHaveText('Approved');

      // Get Code: the snippet from the API, copied with one second of 'Copied!'.
      await page.getByTestId('get-code').first().click();
      const modal = page.getByTestId('zone-code-modal');
      const snippet = modal.locator('pre').first();
      await expect(snippet).not.toBeEmpty();
      const code = (await snippet.textContent()) ?? '';
      await checkScreen(page, 'websites-get-code');
      const copy = modal.getByRole('button', { name: /^Copy/ }).first();
      await copy.click();
      await expect(modal.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await expect(modal.getByRole('button', { name: 'Copied!' })).toHaveCount(0, { timeout: 3000 });
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();

      // Alias: at most 100 characters, then saved.
      await page.getByTestId('edit-alias').first().click();
      const alias = page.getByTestId('zone-alias-input');
      await alias.fill('x'.repeat(101));
      await page.getByTestId('zone-alias-save').click();
      await expect(page.getByText(WEBSITE_MESSAGES.aliasTooLong)).toBeVisible();
      await checkScreen(page, 'websites-alias-modal');
      await alias.fill('Homepage leaderboard');
      await page.getByTestId('zone-alias-save').click();
      await closeStatus(page, WEBSITE_MESSAGES.aliasSaved);
      await expect(page.getByTestId('zones-table').getByText('Homepage leaderboard')).toBeVisible();
      await checkScreen(page, 'websites-ad-codes');

      // Preferences: excluded categories.
      await page.getByTestId('tab-preferences').click();
      await expect(page).toHaveURL(`/websites/all/preferences/${id}/`);
      const first = page.getByTestId('category-checklist').getByRole('checkbox').first();
      await first.check();
      await page.getByTestId('preferences-save').click();
      await closeStatus(page, WEBSITE_MESSAGES.websiteUpdated);
      await page.reload();
      await expect(page.getByTestId('category-checklist').getByRole('checkbox').first()).toBeChecked();
      await checkScreen(page, 'websites-preferences');

      // Reports: a new website has no traffic yet.
      await page.getByTestId('tab-reports').click();
      await expect(page).toHaveURL(`/websites/all/reports/${id}/`);
      await expect(page.getByTestId('report-table')).toContainText('No data available.');
      await checkScreen(page, 'websites-reports');
    } finally {
      await site.close();
    }
  });

  test('the list shows the verification-failed banners of its message query', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'publisher');
    await logIn(page, user);
    await page.goto('/websites/all/?message=error');
    await expect(page.getByTestId('list-banner-error')).toContainText(WEBSITE_MESSAGES.verificationFailed);
    await page.goto('/websites/all/?message=unverified');
    await expect(page.getByTestId('list-banner-unverified')).toBeVisible();
    await checkScreen(page, 'websites-list-banner');
  });

  test('a website page gives its ads.txt line, and checks the site for it', async ({ page, request }) => {
    const site = await startPublisherSite();
    try {
      const user = await createVerifiedUser(request, 'publisher');
      const created = await api<{ id: number }>(request, 'POST', '/websites', {
        token: user.token,
        data: { website: site.url, categories: [] },
      });
      expect(created.status).toBe(200);
      await logIn(page, user);
      await page.goto(`/websites/all/ad-codes/${created.body.response.id}/`);
      const adsTxt = page.getByTestId('ads-txt');
      await expect(adsTxt.getByTestId('ads-txt-status')).toHaveText('Not checked yet');
      // Our domain (PUBLIC_URL's host here), the publisher's seller id, DIRECT.
      const line = (await adsTxt.getByTestId('ads-txt-line').textContent()) ?? '';
      expect(line).toMatch(/^localhost, [0-9a-f]{16}, DIRECT$/);
      await adsTxt.getByRole('button', { name: /^Copy your ads.txt line/ }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
      // The site answers every path with its home page: no ads.txt file yet.
      await adsTxt.getByTestId('ads-txt-check').click();
      await expect(adsTxt.getByTestId('ads-txt-status')).toHaveText('Line missing');
      await expect(adsTxt.getByTestId('ads-txt-reason')).toContainText(`${site.url}/ads.txt answers a web page`);
      site.serveAdsTxt(`google.com, pub-0000000000000000, DIRECT\n${line}\n`);
      await adsTxt.getByTestId('ads-txt-check').click();
      await expect(adsTxt.getByTestId('ads-txt-status')).toHaveText('Line present');
      await expect(adsTxt.getByTestId('ads-txt-checked-at')).toContainText('Last checked');
      await checkScreen(page, 'websites-ads-txt');
    } finally {
      await site.close();
    }
  });

  test('an advertiser is sent home from the websites area', async ({ page }) => {
    await logIn(page, { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' });
    await page.goto('/websites/all/');
    await expect(page).toHaveURL('/');
  });
});

test.describe('websites at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a pending website with its verification works on a phone', async ({ page, request }) => {
    const user = await createVerifiedUser(request, 'publisher');
    const created = await api<{ id: number }>(request, 'POST', '/websites', {
      token: user.token,
      data: { website: 'https://phone-news.example', categories: [] },
    });
    expect(created.status).toBe(200);
    await logIn(page, user);
    await page.goto(`/websites/all/ad-codes/${created.body.response.id}/`);
    await expect(page.getByTestId('verification-panel')).toBeVisible();
    await checkScreen(page, 'websites-mobile-ad-codes');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
