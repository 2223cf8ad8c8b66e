import { BILLING_MESSAGES as M } from '@cryptads/contract/billing-messages';
import { expect, type Page, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { api, createVerifiedUser, enableTwoFactor, totp } from './support/api';
import { operator } from './support/operator';
import { logIn, settle, typeCode } from './support/ui';

/**
 * Billing Details (docs/product/billing.md#screens, #deposits, #messages; docs/product/limits.md#billing): an advertiser fills in the
 * identification, uploads a PDF and is approved on the sandbox identity page; a publisher
 * with 2FA, approved by an operator, saves SEPA withdraw options and gives the code when the
 * server asks (400 code 32). Axe and a 390 px check on every tab.
 */

async function closeStatus(page: Page, text: string) {
  const modal = page.getByTestId('status-modal');
  await expect(modal).toContainText(text);
  await settle(page);
  await modal.getByRole('button').click();
  await expect(modal).toBeHidden();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** A minimal well-formed PDF, as a scanner would save it. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test.describe('billing details', () => {
  test('an advertiser fills in the identification, uploads a PDF and is approved on the sandbox identity page', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, 'advertiser');
    await logIn(page, user);
    await page.goto('/billing/details/');
    await expect(page).toHaveURL('/billing/details/identification/');
    await expect(page.getByTestId('verification-status')).toContainText('Not verified yet');
    await expect(page.getByRole('tab', { name: /Withdraw Options/ })).toHaveCount(0);
    await checkScreen(page, 'billing-details-identification');

    // Nothing filled in: every required field says so.
    await page.getByTestId('identification-save').click();
    await expect(page.getByText(M.fillInField)).toHaveCount(4);

    await page.getByTestId('identification-company').check();
    await page.getByTestId('identification-name').fill('Łukasz Żółć GmbH');
    await page.getByTestId('identification-taxNumber').fill('HRB 12345');
    await page.getByTestId('identification-country').click();
    await page.getByTestId('identification-country').fill('Germ');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByTestId('identification-address').fill('Hauptstraße 1, 10115 Berlin');
    // The embedded check confirms the format only, and says so.
    await page.getByTestId('identification-vatCode').fill('DE136695977');
    await page.getByTestId('vat-verify').click();
    await expect(page.getByTestId('vat-message')).toHaveText(M.vatInvalid);
    await page.getByTestId('identification-vatCode').fill('DE 136 695 976');
    await page.getByTestId('vat-verify').click();
    await expect(page.getByTestId('vat-message')).toHaveText(M.vatFormatOnly);
    await checkScreen(page, 'billing-details-identification-company');
    await page.getByTestId('identification-save').click();

    await expect(page).toHaveURL('/billing/details/upload-documents/');
    await closeStatus(page, M.identificationSaved);
    await expect(page.getByTestId('requirement-incorporation')).toBeVisible();
    await expect(page.getByTestId('requirement-director-identity')).toBeVisible();
    await expect(page.getByTestId('documents-empty')).toBeVisible();
    await checkScreen(page, 'billing-details-upload-documents');

    await page.locator('input[type=file]').setInputFiles({
      name: 'certificate-of-incorporation.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByTestId('document-upload').click();
    await closeStatus(page, M.underReview);
    await expect(page.getByTestId('verification-status')).toContainText('Under review');
    await expect(page.getByTestId('document-row')).toContainText('certificate-of-incorporation.pdf');

    // The file comes back to its owner only, through the session.
    const download = page.waitForEvent('download');
    await page.getByTestId('document-download').click();
    expect((await download).suggestedFilename()).toBe('certificate-of-incorporation.pdf');

    // While under review the identification is read-only.
    await page.getByRole('tab', { name: /Identification Details/ }).click();
    await expect(page.getByTestId('identification-name')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('identification-save')).toHaveCount(0);

    // The identity check at the (sandbox) provider: its page approves.
    await page.getByRole('tab', { name: /Upload Documents/ }).click();
    await page.getByTestId('kyc-start').click();
    await expect(page).toHaveURL(/\/sandbox\/kyc\/[A-Za-z0-9_-]+$/);
    await expect(page.getByText('Łukasz Żółć GmbH')).toBeVisible();
    await checkScreen(page, 'billing-details-kyc-sandbox');
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL('/billing/details/upload-documents/?kyc=done');
    await expect(page.getByTestId('kyc-returned')).toBeVisible();
    // A company's director passed the identity check; its company documents still wait for review.
    await expect(page.getByTestId('verification-status')).toContainText(
      'We are still reviewing your company documents.',
    );

    // An account manager approves the documents.
    expect(operator('kyc', 'approve', user.email)).toContain(`Identity of ${user.email}`);
    await page.reload();
    await expect(page.getByTestId('verification-status')).toContainText('Your identity and documents are verified.');
    await expect(page.getByTestId('documents-closed')).toHaveText('Your identity is already verified.');
    await checkScreen(page, 'billing-details-upload-documents-verified');

    // The bell says so.
    await page.getByTestId('notifications-bell').click();
    await expect(page.getByText('Identity verified').first()).toBeVisible();
    await page.keyboard.press('Escape');

    // Every tab at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [tab, name] of [
      ['identification', 'billing-details-identification-390'],
      ['upload-documents', 'billing-details-upload-documents-390'],
    ] as const) {
      await page.goto(`/billing/details/${tab}/`);
      await expect(page.getByTestId('verification-status')).toBeVisible();
      await noSidewaysScroll(page);
      await checkScreen(page, name);
    }
  });

  test('a publisher with 2FA, approved by an operator, saves SEPA withdraw options with the code', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request, 'publisher');
    // Logged in first: the 2FA code of this step is then still free for the withdraw save.
    await logIn(page, user);
    const secret = await enableTwoFactor(request, user.token);
    const details = await api(request, 'POST', '/billing/details', {
      token: user.token,
      data: {
        isCompany: false,
        firstName: 'E2e',
        lastName: 'Publisher',
        country: 'FR',
        address: '1 Rue de Rivoli, Paris',
      },
    });
    expect(details.status, `billing details: ${details.body.reason}`).toBe(200);

    // Before the approval the tab is there but closed.
    await page.goto('/billing/details/withdraw-options/');
    await expect(page.getByTestId('withdraw-locked')).toBeVisible();
    await expect(page.getByRole('tab', { name: /Withdraw Options/ })).toBeDisabled();

    expect(operator('kyc', 'approve', user.email)).toMatch(
      new RegExp(`^Identity of ${user.email.replace(/\./g, '\\.')} \\(#\\d+\\): Valid\\.`),
    );
    await page.reload();
    const form = page.getByTestId('withdraw-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('withdraw-holder')).toHaveValue('E2e Publisher');
    await expect(page.getByTestId('withdraw-method-swift')).toBeDisabled();
    await expect(page.getByText('SWIFT transfers are currently paused.')).toBeVisible();
    // Billed in France: the Irish bank account notice is not for this publisher.
    await expect(page.getByTestId('irish-notice')).toHaveCount(0);
    await checkScreen(page, 'billing-details-withdraw-options');

    await page.getByTestId('withdraw-sepa_iban').fill('DE00 1234');
    await page.getByTestId('withdraw-save').click();
    await expect(page.getByText(M.invalidIban)).toBeVisible();
    await expect(page.getByText(M.selfBillingRequired)).toBeVisible();

    await page.getByTestId('withdraw-sepa_iban').fill('DE89 3704 0044 0532 0130 00');
    await page.getByTestId('withdraw-sepa_bankIdentifier').fill('COBADEFFXXX');
    await page.getByTestId('withdraw-sepa_bankName').fill('Commerzbank');
    await page.getByTestId('withdraw-sepa_bankAddress').fill('Kaiserplatz, 60311 Frankfurt am Main');
    await page.getByTestId('withdraw-frequency-1').check();
    await page.getByTestId('withdraw-selfBillingAgreement').check();
    await page.getByTestId('withdraw-save').click();

    // 2FA is on: the server answers 400 code 32 and the screen asks for the code.
    const prompt = page.getByTestId('withdraw-two-factor');
    await expect(prompt).toBeVisible();
    await settle(page);
    await checkScreen(page, 'billing-details-withdraw-2fa');
    await typeCode(page, await totp(secret, 1), 'withdraw-two-factor');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await closeStatus(page, M.withdrawSaved);

    await page.reload();
    await expect(page.getByTestId('withdraw-sepa_iban')).toHaveValue('DE89370400440532013000');
    await expect(page.getByTestId('withdraw-frequency-1')).toBeChecked();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('withdraw-form')).toBeVisible();
    await noSidewaysScroll(page);
    await checkScreen(page, 'billing-details-withdraw-options-390');
  });
});
