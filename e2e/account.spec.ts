import { SETTINGS_MESSAGES } from '@cryptads/contract/settings';
import { expect, type Page, test } from '@playwright/test';
import { checkScreen, screenshot } from './support/a11y';
import { api, STRONG_PASSWORD, totp } from './support/api';
import { operator } from './support/operator';
import { logIn, loginAsNew, settle, typeCode } from './support/ui';

const DEMO = {
  advertiser: { email: 'advertiser@cryptads.example', password: 'Advertiser#2026' },
  publisher: { email: 'publisher@cryptads.example', password: 'Publisher#2026' },
};

async function closeStatus(page: Page) {
  await page.getByTestId('status-modal').getByRole('button').click();
  await expect(page.getByTestId('status-modal')).toBeHidden();
}

test.describe('account area', () => {
  test('the dashboards of both roles show balance, counts, an honest today card and announcements', async ({
    page,
  }) => {
    await logIn(page, DEMO.advertiser);
    await expect(page.getByTestId('dashboard-balance')).toContainText('€');
    await expect(page.getByTestId('inventory-card')).toContainText('running of all your campaigns');
    await expect(page.getByTestId('today-impressions')).toHaveText(/^[\d,]+$/);
    await expect(page.getByTestId('today-card')).toContainText('Cost');
    await expect(page.getByTestId('today-money')).toContainText('€');
    await expect(page.getByTestId('promo-banner')).toBeVisible();
    const firstAnnouncement = page.getByTestId('announcement-item').first();
    await expect(firstAnnouncement).toBeVisible();
    await checkScreen(page, 'account-dashboard-advertiser');

    await firstAnnouncement.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    await checkScreen(page, 'account-dashboard-announcement');
    await page.keyboard.press('Escape');

    // Dismissed, the banner stays away after a reload (it re-shows after 24 hours).
    await page.getByTestId('promo-banner-dismiss').click();
    await expect(page.getByTestId('promo-banner')).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('dashboard-balance')).toBeVisible();
    await expect(page.getByTestId('promo-banner')).toBeHidden();

    // The payment-success message of a deposit's return address.
    await page.goto('/?payment=success');
    await expect(page.getByTestId('payment-success')).toBeVisible();

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL('/login/');

    await logIn(page, DEMO.publisher);
    await expect(page.getByTestId('inventory-card')).toContainText('active of all your websites');
    await expect(page.getByTestId('today-impressions')).toHaveText(/^[\d,]+$/);
    await expect(page.getByTestId('today-card')).toContainText('Earnings');
    await expect(page.getByTestId('today-money')).toContainText('€');
    await expect(page.getByTestId('promo-banner')).toHaveCount(0);
    await checkScreen(page, 'account-dashboard-publisher');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('dashboard-balance')).toBeVisible();
    await screenshot(page, 'account-dashboard-publisher-390'); // axe: account-dashboard-publisher, mobile-dashboard
  });

  test('two-factor authentication is enabled with the secret shown in the modal', async ({ page, request }) => {
    const user = await loginAsNew(page, request, 'advertiser');
    await page.goto('/settings/');
    await expect(page).toHaveURL('/settings/security/');
    await expect(page).toHaveTitle('Account Security - Cryptads - Finance & Crypto Display Advertising');
    await expect(page.getByTestId('two-factor-status')).toHaveText('Disabled');
    await page.getByTestId('two-factor-toggle').click();
    const modal = page.getByTestId('two-factor-modal');
    await expect(modal.getByTestId('two-factor-qr')).toBeVisible();
    const secret = await modal.getByTestId('two-factor-secret').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await settle(page);
    await checkScreen(page, 'account-2fa-modal');

    // A wrong code is refused with the server's reason.
    await typeCode(page, '000000', 'two-factor-code');
    await modal.getByTestId('two-factor-submit').click();
    await expect(modal.getByTestId('form-error')).toBeVisible();

    await typeCode(page, await totp(secret ?? ''), 'two-factor-code');
    await modal.getByTestId('two-factor-submit').click();
    await expect(page.getByTestId('status-modal')).toContainText('Success!');
    await closeStatus(page);
    await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');

    // The change password form now asks for a code.
    await page.getByTestId('settings-tab-change-password').click();
    await expect(page.getByTestId('change-password-code')).toBeVisible();

    // And the server agrees: a login now needs the second step.
    const login = await api(request, 'POST', '/login', {
      data: { email: user.email, password: user.password, captcha: 'none' },
    });
    expect(login.status).toBe(403);
  });

  test('the access log shows the current session and closes another one', async ({ page, request }) => {
    const user = await loginAsNew(page, request, 'publisher');
    // A second device: a login through the API.
    const other = await api(request, 'POST', '/login', {
      data: { email: user.email, password: user.password, captcha: 'none' },
    });
    expect(other.status).toBe(200);
    const otherToken = other.sessionToken;

    await page.goto('/settings/security/');
    const log = page.getByTestId('access-log');
    await expect(log.getByTestId('session-current')).toHaveText(SETTINGS_MESSAGES.currentSessionLabel);
    await expect(log.getByTestId('session-close').first()).toBeVisible();
    await checkScreen(page, 'account-security');

    const closable = await log.getByTestId('session-close').count();
    await log.getByTestId('session-close').first().click();
    await expect(page.getByTestId('confirm-modal')).toContainText(SETTINGS_MESSAGES.confirmDestructive);
    await settle(page);
    await checkScreen(page, 'account-close-session-confirm');
    await page.getByTestId('confirm-modal-confirm').click();
    await expect(log.getByTestId('session-close')).toHaveCount(closable - 1);
    await expect(log.getByTestId('session-inactive').first()).toHaveText(SETTINGS_MESSAGES.inactiveSessionLabel);

    // Every other device was closed one by one until only the current session remains open.
    while ((await log.getByTestId('session-close').count()) > 0) {
      const before = await log.getByTestId('session-close').count();
      await log.getByTestId('session-close').first().click();
      await page.getByTestId('confirm-modal-confirm').click();
      await expect(log.getByTestId('session-close')).toHaveCount(before - 1);
    }
    const closed = await api(request, 'GET', '/user', { token: otherToken });
    expect(closed.status).toBe(401);
    await expect(log.getByTestId('session-current')).toBeVisible();
  });

  test('changes the password, which then logs in', async ({ page, request }) => {
    const user = await loginAsNew(page, request, 'advertiser');
    await page.goto('/settings/change-password/');
    await expect(page).toHaveTitle('Change Password - Cryptads - Finance & Crypto Display Advertising');
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByText(SETTINGS_MESSAGES.currentPasswordRequired)).toBeVisible();
    await expect(page.getByText(SETTINGS_MESSAGES.newPasswordRequired)).toBeVisible();
    await checkScreen(page, 'account-change-password');

    const next = 'N3w!Passw0rd';
    await page.getByTestId('old-password').fill(user.password);
    await page.getByTestId('new-password').fill(next);
    await page.getByTestId('repeat-password').fill(`${next}x`);
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByText(SETTINGS_MESSAGES.passwordsMustMatch)).toBeVisible();
    await page.getByTestId('repeat-password').fill(next);
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('status-modal')).toContainText(SETTINGS_MESSAGES.passwordChanged);
    await closeStatus(page);

    const oldLogin = await api(request, 'POST', '/login', {
      data: { email: user.email, password: STRONG_PASSWORD, captcha: 'none' },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await api(request, 'POST', '/login', {
      data: { email: user.email, password: next, captcha: 'none' },
    });
    expect(newLogin.status).toBe(200);
  });

  test('email preferences are saved and stay after a reload', async ({ page, request }) => {
    await loginAsNew(page, request, 'publisher');
    await page.goto('/settings/email/');
    await expect(page).toHaveTitle('Email Preferences - Cryptads - Finance & Crypto Display Advertising');
    const marketing = page.getByTestId('pref-emailMarketing');
    const notifications = page.getByTestId('pref-emailNotification');
    await expect(notifications).toBeChecked();
    await expect(marketing).not.toBeChecked();
    await checkScreen(page, 'account-email-preferences');

    await marketing.click({ force: true });
    await expect(page.getByText(SETTINGS_MESSAGES.preferencesSaved)).toBeVisible();
    await notifications.click({ force: true });
    await expect(notifications).not.toBeChecked();
    await expect(page.getByText(SETTINGS_MESSAGES.preferencesSaved).first()).toBeVisible();
    await expect(notifications).toBeEnabled();

    await page.reload();
    await expect(page.getByTestId('pref-emailMarketing')).toBeChecked();
    await expect(page.getByTestId('pref-emailNotification')).not.toBeChecked();
    await expect(page.getByTestId('pref-emailMarketingPartners')).not.toBeChecked();
  });

  test('requests the deletion of the account, sees it pending and cancels it', async ({ page, request }) => {
    await loginAsNew(page, request, 'advertiser');
    await page.goto('/settings/delete-account/');
    await expect(page).toHaveTitle('Delete Account - Cryptads - Finance & Crypto Display Advertising');
    await page.getByTestId('delete-submit').click();
    await expect(page.getByText(SETTINGS_MESSAGES.deletePasswordRequired)).toBeVisible();
    await checkScreen(page, 'account-delete');

    // A wrong password answers code 4 with the product's sentence.
    await page.getByTestId('delete-password').fill('Wrong#Passw0rd');
    await page.getByTestId('delete-submit').click();
    await expect(page.getByTestId('confirm-modal')).toContainText(SETTINGS_MESSAGES.confirmDestructive);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/user') && r.request().method() === 'DELETE');
    await page.getByTestId('confirm-modal-confirm').click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByTestId('form-error')).toHaveText(SETTINGS_MESSAGES.deleteWrongPassword);

    await page.getByTestId('delete-reason').fill('Moving our budget to another network');
    await page.getByTestId('delete-password').fill(STRONG_PASSWORD);
    await page.getByTestId('delete-submit').click();
    await page.getByTestId('confirm-modal-confirm').click();
    await expect(page.getByTestId('status-modal')).toContainText('Success!');
    await closeStatus(page);
    await expect(page.getByTestId('deletion-pending')).toBeVisible();
    await expect(page.getByTestId('deletion-reason')).toHaveText('Moving our budget to another network');
    await expect(page.getByTestId('deletion-termination-date')).not.toBeEmpty();
    await checkScreen(page, 'account-delete-pending');

    // The dashboard warns with both dates and a link back here.
    await page.goto('/');
    const warning = page.getByTestId('deletion-warning');
    await expect(warning).toBeVisible();
    await warning.getByRole('link').click();
    await expect(page).toHaveURL('/settings/delete-account/');

    await page.getByTestId('deletion-cancel').click();
    await expect(page.getByTestId('status-modal')).toContainText('Success!');
    await closeStatus(page);
    await expect(page.getByTestId('delete-account-form')).toBeVisible();
    await page.goto('/');
    await expect(page.getByTestId('dashboard-balance')).toBeVisible();
    await expect(page.getByTestId('deletion-warning')).toHaveCount(0);
  });

  test('reads notifications, follows one and marks all as read', async ({ page, request }) => {
    await loginAsNew(page, request, 'advertiser');
    const bell = page.getByTestId('notifications-bell');
    // The sign-up's welcome and email-confirmed notifications.
    await expect(bell).toHaveAccessibleName(/2 unread/);
    await bell.click();
    const popover = page.getByTestId('notifications-popover');
    await expect(popover.getByTestId('notification-item')).toHaveCount(2);
    await settle(page);
    await checkScreen(page, 'account-notifications');

    await popover.getByText('Email address confirmed').click();
    await expect(page).toHaveURL('/settings/email/');
    await expect(bell).toHaveAccessibleName(/1 unread/);

    await bell.click();
    await page.getByTestId('notifications-mark-all').click();
    await expect(page.getByTestId('notifications-unread')).toHaveText('All caught up');
    await expect(bell).toHaveAccessibleName('Notifications');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByTestId('notifications-bell')).toHaveAccessibleName('Notifications');
    await page.goto('/notifications/');
    await expect(page.getByTestId('notification-item')).toHaveCount(2);
    await checkScreen(page, 'account-notifications-page');
  });

  test('the referral page shows the programme and serves real promotional files', async ({ page, request }) => {
    const user = await loginAsNew(page, request, 'publisher');
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Refer a friend' }).click();
    await expect(page).toHaveURL('/referral-program/');
    await expect(page).toHaveTitle('Refer a Friend - Cryptads - Finance & Crypto Display Advertising');
    await expect(page.getByText('Earn 50 EUR when a referred user spends 500 EUR')).toBeVisible();
    await expect(page.getByTestId('referral-users')).toHaveText('0');
    await expect(page.getByTestId('referral-paid')).toHaveText('€0.00');
    await expect(page.getByTestId('referral-link')).toHaveValue(/\/signup\/\?ref=/);
    await expect(page.getByTestId('referral-share')).toHaveCount(0);
    await checkScreen(page, 'account-referral');

    // A preferred share set by an operator is shown.
    operator('referral', 'share', user.email, '7.5');
    await page.reload();
    await expect(page.getByTestId('referral-share')).toHaveText('Preferred share: 7.5 %');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('referral-copy').click();
    await expect(page.getByTestId('referral-copy')).toHaveText('Copied!');
    await expect(page.getByTestId('referral-copy')).toHaveText('Copy link');

    const links = page.getByTestId('promo-materials').getByRole('link', { name: /^Download/ });
    await expect(links).toHaveCount(7);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
      const body = await res.body();
      if (href.endsWith('.pdf')) expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(body.toString()).toContain('<svg');
    }
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Media kit (PDF)' }).click();
    expect((await download).suggestedFilename()).toBe('cryptads-media-kit.pdf');
  });

  test('the FAQ answers per category and searches across all three', async ({ page, request }) => {
    await loginAsNew(page, request, 'publisher');
    await page.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/faq/');
    await expect(page).toHaveTitle('FAQ - Cryptads - Finance & Crypto Display Advertising');
    await checkScreen(page, 'account-faq');

    await page.getByTestId('faq-tab-publishers').click();
    await expect(page).toHaveURL('/faq/publishers-faq/');
    await page.getByRole('button', { name: 'When can I withdraw and what is the minimum?' }).click();
    await expect(page.getByText(/The minimum payout is 50 EUR/)).toBeVisible();

    await page.getByTestId('faq-search').fill('minimum');
    const results = page.getByTestId('faq-results');
    await expect(results.getByText('Advertisers').first()).toBeVisible();
    await expect(results.getByText('Publishers').first()).toBeVisible();
    await checkScreen(page, 'account-faq-search');
    await page.getByTestId('faq-search').fill('no such words anywhere');
    await expect(results).toContainText('No question matches');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/faq/advertisers-faq/');
    await expect(page.getByTestId('faq-tab-advertisers')).toHaveAttribute('aria-selected', 'true');
    await screenshot(page, 'account-faq-390'); // axe: account-faq (same components)
  });

  test('the settings screens work at 390 px wide', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsNew(page, request, 'advertiser');
    await page.goto('/settings/security/');
    await expect(page.getByTestId('session-current')).toBeVisible();
    await screenshot(page, 'account-security-390'); // axe: account-security (same components)
    await page.goto('/referral-program/');
    await expect(page.getByTestId('referral-link')).toBeVisible();
    await checkScreen(page, 'account-referral-390');
    await page.getByTestId('notifications-bell').click();
    await expect(page.getByTestId('notifications-popover')).toBeVisible();
    await settle(page);
    await screenshot(page, 'account-notifications-390'); // axe: account-notifications (same popover)
  });
});
