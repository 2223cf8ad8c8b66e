import { type Browser, expect, type Page, test } from '@playwright/test';
import { checkScreen, screenshot } from './support/a11y';
import {
  api,
  createVerifiedUser,
  enableTwoFactor,
  latestMail,
  STRONG_PASSWORD,
  totp,
  uniqueEmail,
} from './support/api';
import { operator } from './support/operator';
import { expectWhole } from './support/tables';
import { logIn, loginThroughForm, settle, typeCode } from './support/ui';

/**
 * The back office's accounts, content, audit and approvals screens, with two
 * operators: money at or above the approval threshold (APPROVAL_THRESHOLD_EUR: 10,000 in the
 * e2e server, see playwright.config.ts) waits for the second one.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** An operator made by the command, who sets the password from the mailed link and turns 2FA on. */
async function newOperator(browser: Browser, name: string) {
  const email = uniqueEmail(`operator-${name}`);
  expect(operator('operator', 'create', email, 'Op', name)).toContain(`Operator ${email} created`);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();

  const mail = await latestMail(page.request, email);
  const link = mail?.text.match(/https?:\/\/\S+\/password-recovery\/\S+/)?.[0];
  expect(link, 'set-password mail').toBeTruthy();
  await page.goto(new URL(link as string).pathname);
  const form = page.getByTestId('reset-form');
  await form.getByLabel('New password', { exact: true }).fill(STRONG_PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('reset-success')).toBeVisible();

  // The mandatory 2FA setup screen is admin-queues.spec.ts's; here the API turns it on.
  const login = await api(page.request, 'POST', '/login', {
    data: { email, password: STRONG_PASSWORD, captcha: 'none', rememberMe: false },
  });
  expect(login.status).toBe(200);
  const secret = await enableTwoFactor(page.request, login.sessionToken);
  const logout = await api(page.request, 'POST', '/user/logout', { token: login.sessionToken });
  expect(logout.status).toBe(200);

  await loginThroughForm(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/login2fa\/$/);
  await typeCode(page, await totp(secret, 1), 'two-factor-code');
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/admin\//);
  return { email, page, secret };
}

/** Axe and a screenshot at desktop width, then a screenshot at 390 px (same components). */
async function checkBothWidths(page: Page, name: string) {
  await settle(page);
  await checkScreen(page, name);
  await page.setViewportSize(PHONE);
  await settle(page);
  await checkScreen(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

async function openAccount(page: Page, email: string) {
  await page.goto('/admin/accounts/');
  await page.getByTestId('accounts-search').fill(email);
  await page.getByTestId('accounts-search').press('Enter');
  const row = page.getByTestId('accounts-table-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByTestId('account-link').click();
  await expect(page.getByTestId('account-email')).toHaveText(email);
}

/** Runs one account action through its modal; returns the modal for what it shows. */
async function accountAction(page: Page, action: string, input: { euros?: string; reason?: string } = {}) {
  await page.getByTestId(`action-${action}`).click();
  const modal = page.getByTestId('action-modal');
  await expect(modal).toBeVisible();
  if (input.euros !== undefined) await modal.getByTestId('action-euros').fill(input.euros);
  if (input.reason !== undefined) await modal.getByTestId('action-reason').fill(input.reason);
  await modal.getByTestId('action-confirm').click();
  return modal;
}

async function auditFilter(page: Page, filters: { action?: string; objectType?: string; objectId?: string }) {
  await page.goto('/admin/audit/');
  if (filters.action) {
    await page.getByTestId('audit-action').fill(filters.action);
    await page.getByTestId('audit-action').press('Escape');
  }
  if (filters.objectType) await page.getByTestId('audit-object-type').fill(filters.objectType);
  if (filters.objectId) await page.getByTestId('audit-object-id').fill(filters.objectId);
  await page.getByTestId('audit-apply').click();
  return page.getByTestId('audit-table-row');
}

test('two operators credit, approve, disable, end sessions, publish terms and find it all in the audit trail', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const a = await newOperator(browser, 'a');
  const b = await newOperator(browser, 'b');
  const advertiser = await createVerifiedUser(request, 'advertiser');
  const publisher = await createVerifiedUser(request, 'publisher');
  const page = a.page;

  // Accounts: search, then the account page.
  await page.goto('/admin/accounts/');
  await expect(page.getByTestId('accounts-table')).toBeVisible();
  await checkBothWidths(page, 'admin-accounts');
  await openAccount(page, advertiser.email);
  await expect(page.getByTestId('account-balance')).toHaveText('€0.00');
  await checkBothWidths(page, 'admin-account');

  // Below the threshold the credit applies at once; the reason is mandatory.
  await page.getByTestId('action-credit').click();
  let modal = page.getByTestId('action-modal');
  await modal.getByTestId('action-euros').fill('250');
  await modal.getByTestId('action-confirm').click();
  await expect(modal.getByText('Give a reason.')).toBeVisible();
  await settle(page);
  await checkScreen(page, 'admin-account-credit-modal');
  await modal.getByTestId('action-reason').fill('Goodwill for the outage');
  await modal.getByTestId('action-confirm').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('account-balance')).toHaveText('€250.00');

  const advertiserPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await logIn(advertiserPage, advertiser);
  await expect(advertiserPage.getByTestId('dashboard-balance')).toContainText('250.00');

  // At or above it: held for a second operator.
  modal = await accountAction(page, 'credit', { euros: '15000', reason: 'Prepaid campaign by bank' });
  await expect(modal.getByTestId('action-pending')).toContainText("Waiting for a second operator's approval.");
  await screenshot(page, 'admin-account-credit-pending'); // axe: admin-account-credit-modal (same modal)
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('account-balance')).toHaveText('€250.00');

  // Operator A cannot approve the own request; the screen says so.
  await page.goto('/admin/approvals/');
  const pendingA = page.getByTestId('approvals-table-row').filter({ hasText: advertiser.email });
  await expect(pendingA).toHaveCount(1);
  await expect(pendingA.getByTestId('approval-own')).toBeVisible();
  await expect(pendingA.getByTestId('approval-approve')).toHaveCount(0);
  await checkBothWidths(page, 'admin-approvals-own');
  // The server refuses anyway.
  const listed = await api<{ items: { id: number; requestedByEmail: string | null; args: string[] }[] }>(
    request,
    'GET',
    '/admin/approvals?status=pending',
    { token: await tokenOf(page) },
  );
  const approval = listed.body.response.items.find((i) => i.args.includes(advertiser.email));
  expect(approval).toBeTruthy();
  const refused = await api(request, 'POST', `/admin/approvals/${approval?.id}/approve`, {
    token: await tokenOf(page),
  });
  expect(refused.status).toBe(403);

  // Operator B approves it; the balance moves once.
  await b.page.goto('/admin/approvals/');
  const pendingB = b.page.getByTestId('approvals-table-row').filter({ hasText: advertiser.email });
  // On a phone the request is a card whose Approve and Reject stay whole in sight.
  await b.page.setViewportSize(PHONE);
  await expectWhole(pendingB.getByTestId(/^approval-(approve|reject)$/));
  await b.page.setViewportSize(DESKTOP);
  await pendingB.getByTestId('approval-approve').click();
  await b.page.getByTestId('action-modal').getByTestId('action-confirm').click();
  await expect(b.page.getByTestId('action-modal')).toBeHidden();
  await expect(pendingB).toHaveCount(0);
  await b.page.getByTestId('approvals-status').getByText('Approved').click();
  await expect(b.page.getByTestId('approvals-table-row').filter({ hasText: advertiser.email })).toHaveCount(1);
  await checkBothWidths(b.page, 'admin-approvals-decided');
  await advertiserPage.reload();
  await expect(advertiserPage.getByTestId('dashboard-balance')).toContainText('15,250.00');
  await openAccount(page, advertiser.email);
  await expect(page.getByTestId('account-balance')).toHaveText('€15,250.00');

  // End the advertiser's sessions: the advertiser's next request is refused.
  await accountAction(page, 'end-sessions');
  await expect(page.getByTestId('action-modal')).toBeHidden();
  expect((await api(request, 'GET', '/user', { token: advertiser.token })).status).toBe(401);
  await advertiserPage.reload();
  await expect(advertiserPage).toHaveURL(/\/login\//);

  // Disable, then enable the publisher.
  await openAccount(page, publisher.email);
  await accountAction(page, 'disable', { reason: 'Invalid traffic under review' });
  await expect(page.getByTestId('account-state')).toHaveText('Disabled');
  expect((await api(request, 'GET', '/user', { token: publisher.token })).status).toBe(401);
  await accountAction(page, 'enable');
  await expect(page.getByTestId('account-state')).toHaveText('Active');
  const again = await api(request, 'POST', '/login', {
    data: { email: publisher.email, password: publisher.password, captcha: 'none', rememberMe: false },
  });
  expect(again.status).toBe(200);

  // The publisher's referral share (referral share on screen), checked then set.
  await page.getByTestId('action-referral-share').click();
  const share = page.getByTestId('referral-share-modal');
  await share.getByTestId('referral-share-percent').fill('12');
  await share.getByTestId('referral-share-set').click();
  await expect(share.getByText('Enter a percent above 0 and at most 10.')).toBeVisible();
  await settle(page);
  await checkScreen(page, 'admin-account-referral-share-modal');
  await share.getByTestId('referral-share-percent').fill('7.5');
  await share.getByTestId('referral-share-set').click();
  await expect(share).toBeHidden();
  await expect(page.getByTestId('account-referral-share')).toHaveText('7.5 %');

  // An operator's own page: its two-factor state and sessions, no disable or credit on itself.
  await openAccount(page, a.email);
  await expect(page.getByTestId('account-self')).toBeVisible();
  await expect(page.getByTestId('action-disable')).toHaveCount(0);
  await expect(page.getByTestId('action-credit')).toHaveCount(0);
  await expect(page.getByTestId('account-sessions-row').first()).toContainText('Active');

  // Publish terms with the live preview.
  await page.goto('/admin/content/');
  await expect(page.getByTestId('terms-current')).toBeVisible();
  const title = `Platform terms ${Date.now()}`;
  await page
    .getByTestId('terms-markdown')
    .fill(`# ${title}\n\n## Payments\n\n- **Prepaid** balances only.\n- Payouts monthly.`);
  await expect(page.getByTestId('terms-preview').getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByTestId('terms-preview').getByText('Prepaid')).toBeVisible();
  await checkBothWidths(page, 'admin-content');
  await page.getByTestId('terms-publish').click();
  await page.getByTestId('confirm-modal-confirm').click();
  await expect(page.getByTestId('terms-done')).toBeVisible();
  await expect(page.getByTestId('terms-current')).toContainText(title);

  // Every one of these is in the audit trail, found with its filters.
  let rows = await auditFilter(page, { action: 'user credit', objectId: advertiser.email });
  await expect(rows).toHaveCount(2); // the one applied at once, and the approved one
  await expect(rows.first()).toContainText(b.email);
  await expect(rows.last()).toContainText(a.email);
  await expect(rows.last()).toContainText('Goodwill for the outage');
  await checkBothWidths(page, 'admin-audit');
  rows = await auditFilter(page, { action: 'approval requested' });
  await expect(rows.filter({ hasText: advertiser.email })).toHaveCount(1);
  rows = await auditFilter(page, { action: 'approval approved' });
  await expect(rows.filter({ hasText: b.email })).toHaveCount(1);
  rows = await auditFilter(page, { action: 'user end-sessions', objectId: advertiser.email });
  await expect(rows).toHaveCount(1);
  rows = await auditFilter(page, { objectType: 'user', objectId: publisher.email });
  await expect(rows.filter({ hasText: 'user disable' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'user enable' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Invalid traffic under review' })).toHaveCount(1);
  rows = await auditFilter(page, { action: 'referral share', objectId: publisher.email });
  await expect(rows).toHaveCount(1);
  rows = await auditFilter(page, { action: 'terms publish-text' });
  await expect(rows.filter({ hasText: a.email })).toHaveCount(1);
  // Read only: no edit or delete control anywhere on the trail.
  await expect(page.getByTestId('audit-table').getByRole('button', { name: /edit|delete/i })).toHaveCount(0);
});

/** The session token of the browser's HttpOnly cookie (the test harness reads it; no script in the page can). */
async function tokenOf(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cryptads_session');
  return decodeURIComponent(cookie?.value ?? '');
}
