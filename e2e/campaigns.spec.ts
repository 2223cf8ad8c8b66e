import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CAMPAIGN_MESSAGES as M } from '@cryptads/contract/campaign-messages';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkScreen, screenshot } from './support/a11y';
import { createVerifiedUser } from './support/api';
import { operator } from './support/operator';
import { png } from './support/png';
import { logIn } from './support/ui';

const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-creatives-'));
mkdirSync(dir, { recursive: true });
const file = (name: string, w: number, h: number, rgb: [number, number, number]) => {
  const p = path.join(dir, name);
  writeFileSync(p, png(w, h, rgb));
  return p;
};
const FILES = {
  banner300x250: file('banner-300x250.png', 300, 250, [33, 80, 200]),
  banner728x90: file('banner-728x90.png', 728, 90, [200, 90, 30]),
  banner300x600: file('banner-300x600.png', 300, 600, [20, 140, 90]),
  wrongSize: file('banner-123x45.png', 123, 45, [120, 120, 120]),
  thumbnail: file('thumbnail.png', 128, 128, [240, 180, 20]),
  cover: file('cover.png', 800, 600, [40, 60, 120]),
};

// ---------------------------------------------------------------- helpers

async function chooseFirstOption(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option').first().click();
}

async function next(page: Page) {
  await page.getByTestId('wizard-next').click();
}

async function expectStep(page: Page, title: string) {
  await expect(page.getByTestId('wizard-step-title')).toHaveText(title);
}

/** General Details, Pricing Details and Audience Targeting with valid values. */
async function fillCommonSteps(page: Page, name: string, price: string) {
  await expectStep(page, 'General Details');
  await page.getByTestId('field-name').fill(name);
  await page.getByTestId('field-landingUrl').fill('https://example.com/landing?zone=');
  await page.getByRole('button', { name: /Insert Zone ID token/ }).click();
  await expect(page.getByTestId('field-landingUrl')).toHaveValue('https://example.com/landing?zone={zone_id}');
  await chooseFirstOption(page, 'field-category');
  await next(page);
  await expectStep(page, 'Pricing Details');
  await page.getByTestId('field-price').fill(price);
  await next(page);
  await expectStep(page, 'Audience Targeting');
  await next(page);
}

async function finishWizard(page: Page) {
  await page.getByTestId('wizard-next').click();
  const modal = page.getByTestId('status-modal');
  await expect(modal).toContainText(M.created);
  await modal.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/campaigns\/all\/setup\/\d+\/$/);
  return Number(page.url().match(/setup\/(\d+)\//)?.[1]);
}

async function closeStatus(page: Page, text: string) {
  const modal = page.getByTestId('status-modal');
  await expect(modal).toContainText(text);
  await modal.getByRole('button').click();
  await expect(modal).toBeHidden();
}

// ---------------------------------------------------------------- the journey

test.describe.configure({ mode: 'serial' });

test.describe('advertiser campaigns', () => {
  let email = '';
  let password = '';
  const ids: Record<'display' | 'native' | 'popunder', number> = { display: 0, native: 0, popunder: 0 };

  test.beforeAll(async ({ request }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    email = user.email;
    password = user.password;
  });

  const login = (page: Page) => logIn(page, { email, password });

  test('an advertiser without campaigns sees the empty state and the picker', async ({ page }) => {
    await login(page);
    await page.goto('/campaigns/all/');
    await expect(page.getByTestId('empty-campaigns')).toBeVisible();
    await page.getByRole('link', { name: 'Create Campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns\/create\/$/);
    await expect(page.getByTestId('page-title')).toHaveText('Create a Campaign');
    await checkScreen(page, 'campaigns-picker');
  });

  test('the display wizard validates each step, keeps the draft across a reload and creates the campaign', async ({
    page,
  }) => {
    await login(page);
    await page.goto('/campaigns/create/');
    await page.getByTestId('pick-display').click();
    await expect(page).toHaveURL(/\/campaigns\/create\/display\/$/);
    const blacklist = page.getByTestId('global-blacklist-link');
    await expect(blacklist).toHaveAttribute('target', '_blank');
    await expect(blacklist).toHaveAttribute('rel', 'noopener');

    // Step 1: the contract's messages.
    await expectStep(page, 'General Details');
    await next(page);
    await expect(page.getByText(M.nameRequired)).toBeVisible();
    await expect(page.getByText(M.invalidUrl)).toBeVisible();
    await checkScreen(page, 'wizard-display-1-errors');
    await page.getByTestId('field-name').fill('x'.repeat(31));
    await expect(page.getByText(M.nameTooLong)).toBeVisible();
    await page.getByTestId('field-name').fill('E2E Display');
    await page.getByTestId('field-landingUrl').fill('example.com');
    await expect(page.getByText(M.invalidUrl)).toBeVisible();
    await page.getByTestId('field-landingUrl').fill('https://example.com/?c={campaign_id}&s={banner_size}');
    await chooseFirstOption(page, 'field-category');
    await screenshot(page, 'wizard-display-1'); // axe: wizard-display-1-errors
    await next(page);

    // Step 2: price bounds, daily budget, capping coupling.
    await expectStep(page, 'Pricing Details');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeVisible();
    await page.getByTestId('field-price').fill('0.1');
    await page.getByTestId('field-dailyBudget').fill('40');
    await next(page);
    await expect(page.getByText(M.priceTooLow(0.2))).toBeVisible();
    await expect(page.getByText(M.dailyTooLow)).toBeVisible();
    await page.getByTestId('field-price').fill('25');
    await expect(page.getByText(M.priceTooHigh(20))).toBeVisible();
    await page.getByTestId('field-price').fill('0.5');
    await page.getByTestId('field-dailyBudget').fill('100');
    await expect(page.getByTestId('field-cappingTime')).toBeDisabled();
    await page.getByTestId('field-capping').fill('3');
    await expect(page.getByTestId('field-cappingTime')).toBeEnabled();
    await expect(page.getByTestId('field-cappingTime')).toHaveValue('24 hours');
    await page.getByTestId('field-budgetFlag').check();
    await expect(page.getByTestId('ad-formats')).toContainText('Banner');
    await page.getByLabel('Premium').check();
    await expect(page.getByTestId('ad-formats')).toContainText('contact an account manager');
    // Premium raises the minimum: the chosen price is kept inside the new bounds.
    await expect(page.getByTestId('field-price')).toHaveValue('3');
    await page.getByLabel('Regular').check();
    await checkScreen(page, 'wizard-display-2');
    await next(page);
    await expect(page.getByText(M.budgetRequired)).toBeVisible();
    await page.getByTestId('field-budget').fill('5000');
    await next(page);

    // Step 3.
    await expectStep(page, 'Audience Targeting');
    await page.getByLabel('Selected countries', { exact: true }).check();
    await next(page);
    await expect(page.getByText(M.countryInvalid)).toBeVisible();
    await page.getByLabel('All countries').check();
    await page.getByLabel('Desktop', { exact: true }).check();
    await checkScreen(page, 'wizard-display-3');
    await next(page);

    // Step 4: uploads, with the server's message for a wrong size.
    await expectStep(page, 'Upload Creatives');
    await next(page);
    await expect(page.getByText(M.bannerRequired)).toBeVisible();
    await page.getByTestId('banner-upload-input').setInputFiles(FILES.wrongSize);
    await expect(page.getByTestId('upload-errors')).toContainText(M.bannerSizes());
    await page.getByTestId('banner-upload-input').setInputFiles([FILES.banner300x250, FILES.banner728x90]);
    await expect(page.getByTestId('banner-300x250')).toBeVisible();
    await expect(page.getByTestId('banner-728x90')).toBeVisible();
    await page.getByTestId('banner-upload-input').setInputFiles(FILES.banner300x250);
    await expect(page.getByTestId('upload-errors')).toContainText(M.bannerSizeTwice('300x250'));
    await checkScreen(page, 'wizard-display-4');

    // The draft is saved on every step change: go back one step and reload.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectStep(page, 'Audience Targeting');
    await page.reload();
    await expectStep(page, 'Audience Targeting');
    // Completed steps are clickable, the step never completed is not; the first step kept its values.
    await page.getByRole('button', { name: /General Details/ }).click();
    await expectStep(page, 'General Details');
    await expect(page.getByTestId('field-name')).toHaveValue('E2E Display');
    await page.getByRole('button', { name: /Upload Creatives/ }).click({ force: true });
    await expectStep(page, 'General Details');
    await page.getByRole('button', { name: /Audience Targeting/ }).click();
    await expectStep(page, 'Audience Targeting');
    await next(page);
    await expectStep(page, 'Upload Creatives');
    await expect(page.getByTestId('banner-728x90')).toBeVisible();
    await expect(page.getByTestId('wizard-next')).toHaveText('Create Campaign');

    ids.display = await finishWizard(page);
    await expect(page.getByTestId(`campaign-item-${ids.display}`)).toContainText('Display Campaign');
    // The wizard starts afresh after a campaign was created.
    await page.goto('/campaigns/create/display/');
    await expectStep(page, 'General Details');
    await expect(page.getByTestId('field-name')).toHaveValue('');
  });

  test('the native wizard checks texts and images and shows a live preview', async ({ page }) => {
    await login(page);
    await page.goto('/campaigns/create/native/');
    await fillCommonSteps(page, 'E2E Native', '0.6');
    await expectStep(page, 'Native Setup');
    await next(page);
    await expect(page.getByText(M.thumbnailRequired)).toBeVisible();
    await expect(page.getByText(M.coverRequired)).toBeVisible();
    await page.getByTestId('field-native-title').fill('Trade crypto with €0 fees');
    await page.getByTestId('field-native-smallDescription').fill('Open an account in minutes');
    await page.getByTestId('field-native-longDescription').fill('  A regulated exchange for Bitcoin and Ether.  ');
    await page.getByTestId('field-native-longDescription').blur();
    await expect(page.getByTestId('field-native-longDescription')).toHaveValue(
      'A regulated exchange for Bitcoin and Ether.',
    );
    await page.getByTestId('field-native-callToAction').fill('Start now');
    await page.getByTestId('field-native-destinationWebsite').fill('example.com');
    await page.getByTestId('field-native-serviceName').fill('Example Exchange');
    await page.getByTestId('thumbnail-upload-input').setInputFiles(FILES.cover);
    await expect(page.getByTestId('upload-errors')).toContainText(M.thumbnailSize);
    await page.getByTestId('thumbnail-upload-input').setInputFiles(FILES.thumbnail);
    await page.getByTestId('cover-upload-input').setInputFiles(FILES.cover);
    await expect(page.getByTestId('thumbnail-uploaded')).toBeVisible();
    await expect(page.getByTestId('cover-uploaded')).toBeVisible();
    await next(page);
    await expect(page.getByText(M.englishOnly)).toBeVisible();
    await page.getByTestId('field-native-title').fill('Trade crypto with zero fees');
    await expect(page.getByTestId('native-ad-preview')).toContainText('Trade crypto with zero fees');
    await expect(page.getByTestId('native-ad-preview')).toContainText('Start now');
    await checkScreen(page, 'wizard-native-4');
    ids.native = await finishWizard(page);
    await expect(page.getByTestId(`campaign-item-${ids.native}`)).toContainText('Native Web Campaign');
  });

  test('the popunder wizard has three steps', async ({ page }) => {
    await login(page);
    await page.goto('/campaigns/create/popunder/');
    await expect(page.getByTestId('wizard-stepper').getByRole('button')).toHaveCount(3);
    await expectStep(page, 'General Details');
    await page.getByTestId('field-name').fill('E2E Popunder');
    await page.getByTestId('field-landingUrl').fill('https://example.com/pop');
    await chooseFirstOption(page, 'field-category');
    await next(page);
    await page.getByTestId('field-price').fill('1.5');
    await next(page);
    await expectStep(page, 'Audience Targeting');
    await expect(page.getByTestId('wizard-next')).toHaveText('Create Campaign');
    ids.popunder = await finishWizard(page);
    await expect(page.getByTestId(`campaign-item-${ids.popunder}`)).toContainText('Popunder Campaign');
  });

  test('the list, editing, approval, pause and run, archive and unarchive, duplicate', async ({ page }) => {
    await login(page);
    await page.goto('/campaigns/all/');
    await expect(page).toHaveURL(/\/campaigns\/all\/setup\/\d+\/$/);
    const list = page.getByTestId('campaign-list');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await page.getByTestId('campaign-search').fill('native');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await page.getByTestId('campaign-search').fill(String(ids.popunder));
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await page.getByTestId('campaign-search').fill('pending');
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await page.getByTestId('campaign-search').fill('');

    // Edit the display campaign.
    await page.getByTestId(`campaign-item-${ids.display}`).click();
    await expect(page).toHaveURL(`/campaigns/all/setup/${ids.display}/`);
    await expect(page.getByTestId('pending-notice')).toHaveText(M.runAfterApprovalNotice);
    await checkScreen(page, 'campaign-setup');
    await page.getByTestId('field-name').fill('E2E Display edited');
    await page.getByTestId('save-campaign').click();
    await closeStatus(page, M.updated);
    await expect(page.getByTestId('campaign-name')).toHaveText('E2E Display edited');

    // A new campaign has no traffic yet: its Optimization tab lists no zones.
    await page.getByTestId('tab-optimization').click();
    await expect(page).toHaveURL(`/campaigns/all/optimization/${ids.display}/`);
    await expect(page.getByTestId('optimization-table')).toContainText('No data available.');
    await page.getByTestId('tab-setup').click();

    // The account manager approves: it runs (run after approval is Yes) because the account has
    // money; at a zero balance it would be Out of Funds.
    expect(operator('user', 'credit', email, '100', `e2e-campaigns-${email}`)).toContain('Credited €100.00');
    expect(operator('campaign', 'approve', String(ids.display))).toContain('approved: Delivering');
    await page.reload();
    await expect(page.getByTestId('setup-tab').getByTestId('status-badge')).toHaveText('Running');
    await page.getByRole('button', { name: 'Pause Campaign' }).click();
    await expect(page.getByTestId('setup-tab').getByTestId('status-badge')).toHaveText('Paused');
    await page.getByRole('button', { name: 'Run Campaign' }).click();
    await expect(page.getByTestId('setup-tab').getByTestId('status-badge')).toHaveText('Running');

    // Archive: it leaves the list and appears on the archive page.
    await page.getByRole('button', { name: 'Archive' }).click();
    await closeStatus(page, M.archived);
    await expect(page.getByTestId(`campaign-item-${ids.display}`)).toHaveCount(0);
    // Saving an archived campaign is refused with the server's reason.
    await page.goto(`/campaigns/all/setup/${ids.display}/`);
    await expect(page.getByTestId('setup-tab').getByTestId('status-badge')).toHaveText('Archived');
    await page.getByTestId('save-campaign').click();
    await closeStatus(page, M.archivedNoChanges);
    await page.goto('/campaigns/all/archive/');
    await expect(page.getByTestId('archive-note')).toHaveText(M.archivedTabsNote);
    await expect(page.getByTestId('archive-table')).toContainText('E2E Display edited');
    await checkScreen(page, 'campaigns-archive');
    await page.getByTestId(`unarchive-${ids.display}`).click();
    await closeStatus(page, M.unarchived);
    await expect(page).toHaveURL(`/campaigns/all/setup/${ids.display}/`);
    await expect(page.getByTestId('setup-tab').getByTestId('status-badge')).toHaveText('Running');

    // Duplicate lands on the copy.
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await closeStatus(page, M.duplicated);
    await expect(page).not.toHaveURL(`/campaigns/all/setup/${ids.display}/`);
    await expect(page).toHaveURL(/\/campaigns\/all\/setup\/\d+\/$/);
    await expect(page.getByTestId('setup-tab').getByTestId('status-badge')).toHaveText('Pending');
  });

  test('creatives: delete with confirmation, add a banner, refuse a wrong change', async ({ page }) => {
    await login(page);
    await page.goto(`/campaigns/all/setup/${ids.display}/`);
    const creatives = page.getByTestId('creatives-section');
    await expect(creatives.locator('img[alt^="Banner "]')).toHaveCount(2);
    await creatives.getByRole('button', { name: 'Delete creative 728x90' }).click();
    await expect(page.getByTestId('confirm-modal')).toContainText(M.confirmDelete);
    await page.getByTestId('confirm-modal-confirm').click();
    await closeStatus(page, M.creativeDeleted);
    await expect(creatives.locator('img[alt^="Banner "]')).toHaveCount(1);

    await page.getByTestId('banner-upload-input').setInputFiles(FILES.banner300x600);
    await page.getByTestId('save-banners').click();
    await closeStatus(page, M.bannerUpdated);
    await expect(creatives.locator('img[alt^="Banner "]')).toHaveCount(2);

    await creatives.getByRole('button', { name: 'Change banner 300x250' }).click();
    await page.getByTestId('change-banner-upload-input').setInputFiles(FILES.banner728x90);
    await expect(page.getByTestId('change-banner-modal')).toContainText(M.changeBannerSize('300x250'));
    await page.keyboard.press('Escape');
  });

  test('a shared preview opens without login; the owner previews with a plain id', async ({ page, browser }) => {
    await login(page);
    await page.goto(`/campaigns/all/setup/${ids.display}/`);
    await expect(page.getByTestId('sharing-switch')).toBeEnabled();
    await page.getByTestId('sharing-switch').check();
    const permalinkUrl = await page.getByTestId('permalink').inputValue();
    expect(permalinkUrl).toMatch(/\/campaigns\/preview\/[^/]*,[^/]*\/$/);
    await page.getByTestId('copy-permalink').click();

    await page.goto(`/campaigns/preview/${ids.display}/`);
    await expect(page.getByTestId('preview-title')).toHaveText('E2E Display edited');
    await expect(page.getByTestId('preview-slot-300x250')).toBeVisible();
    await screenshot(page, 'campaign-preview-owner'); // axe: campaign-preview-public

    await expectPublicPreview(browser, permalinkUrl);

    // Sharing off: the public link stops working.
    await page.goto(`/campaigns/all/setup/${ids.display}/`);
    await expect(page.getByTestId('sharing-switch')).toBeEnabled();
    await page.getByTestId('sharing-switch').uncheck();
    await expect(page.getByTestId('permalink')).toHaveCount(0);
    const anonymous = await browser.newContext();
    const other = await anonymous.newPage();
    await other.goto(permalinkUrl);
    await expect(other.getByText(M.previewUnavailable)).toBeVisible();
    await anonymous.close();
  });

  test('a locked campaign allows only status changes', async ({ page }) => {
    await login(page);
    expect(operator('campaign', 'lock', String(ids.popunder))).toContain('locked');
    await page.goto(`/campaigns/all/setup/${ids.popunder}/`);
    await expect(page.getByTestId('lock-icon').first()).toBeVisible();
    await expect(page.getByText(M.locked)).toBeVisible();
    await expect(page.getByTestId('field-name')).toBeDisabled();
    await expect(page.getByTestId('save-campaign')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Archive' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Duplicate' })).toBeDisabled();
  });

  test('the global blacklist keeps one trimmed item per line', async ({ page }) => {
    await login(page);
    await page.goto('/campaigns/blacklist/');
    await expect(page.getByTestId('page-title')).toHaveText('Global Blacklist');
    await page.getByTestId('blacklist-text').fill('  12345 \n\nbad-site.example\n   \n');
    await checkScreen(page, 'campaigns-blacklist');
    await page.getByTestId('blacklist-save').click();
    await closeStatus(page, M.blacklistUpdated);
    await page.reload();
    await expect(page.getByTestId('blacklist-text')).toHaveValue('12345\nbad-site.example');
  });

  test.describe('at 390 px wide', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the campaign setup works on a phone', async ({ page }) => {
      await login(page);
      await page.goto(`/campaigns/all/setup/${ids.native}/`);
      await expect(page.getByTestId('campaign-name')).toHaveText('E2E Native');
      await screenshot(page, 'mobile-campaign-setup'); // axe: campaign-setup (same components)
      await page.goto('/campaigns/create/display/');
      await expectStep(page, 'General Details');
      await checkScreen(page, 'mobile-wizard');
    });
  });
});

async function expectPublicPreview(browser: Browser, url: string) {
  const anonymous = await browser.newContext();
  const page = await anonymous.newPage();
  await page.goto(url);
  await expect(page.getByTestId('preview-title')).toHaveText('E2E Display edited');
  await expect(page.getByTestId('preview-slot-300x250').getByRole('img')).toBeVisible();
  await expect(page.getByTestId('adblock-modal')).toHaveCount(0);
  await checkScreen(page, 'campaign-preview-public');
  await page.locator('label', { hasText: /^Mobile$/ }).click();
  await expect(page).toHaveURL(/\/mobile\/$/);
  await expect(page.getByTestId('preview-mobile')).toBeVisible();
  await checkScreen(page, 'campaign-preview-mobile');
  await anonymous.close();

  // A blocker that hides ad-looking elements (simulated by its cosmetic rule) is detected.
  const blocked = await browser.newContext();
  await blocked.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '.adsbox { display: none !important; }';
      document.head.appendChild(style);
    });
  });
  const blockedPage = await blocked.newPage();
  await blockedPage.goto(url);
  const modal = blockedPage.getByTestId('adblock-modal');
  await expect(modal).toContainText(M.adblocker);
  await expect(modal.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  await checkScreen(blockedPage, 'campaign-preview-adblock');
  await blocked.close();
}

test('a publisher visiting the campaign screens is sent home', async ({ page }) => {
  await logIn(page, { email: 'publisher@cryptads.example', password: 'Publisher#2026' });
  await page.goto('/campaigns/create/');
  await expect(page).toHaveURL('/');
  await page.goto('/campaigns/all/');
  await expect(page).toHaveURL('/');
});

test('the demo advertiser previews a campaign of theirs whose sharing is off', async ({ page, browser }) => {
  // The browser is signed in by its HttpOnly session cookie alone (docs/decisions/034): the
  // public preview endpoint must learn from it that the owner is looking.
  await logIn(page, { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' });
  const campaigns = (await (await page.request.get('/api/campaigns')).json()).response as {
    id: number;
    name: string;
  }[];
  let unshared: { id: number; name: string; permalink: string } | undefined;
  for (const { id, name } of campaigns) {
    const sharing = (await (await page.request.get(`/api/campaigns/${id}/sharing`)).json()).response as {
      status: boolean;
      permalink: string;
    };
    if (!sharing.status) {
      unshared = { id, name, permalink: sharing.permalink };
      break;
    }
  }
  if (!unshared) throw new Error('the demo advertiser has no campaign whose sharing is off');

  await page.goto(`/campaigns/preview/${unshared.id}/`);
  await expect(page.getByTestId('preview-title')).toHaveText(unshared.name);
  await expect(page.getByText(M.previewUnavailable)).toHaveCount(0);
  // Its permalink as well: the owner's session, not the link, opens it.
  await page.goto(`/campaigns/preview/${unshared.permalink}/`);
  await expect(page.getByTestId('preview-title')).toHaveText(unshared.name);

  // Anyone else gets the not-available answer.
  const anonymous = await browser.newContext();
  const other = await anonymous.newPage();
  await other.goto(`/campaigns/preview/${unshared.permalink}/`);
  await expect(other.getByText(M.previewUnavailable)).toBeVisible();
  await anonymous.close();
});
