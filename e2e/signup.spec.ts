import { AUTH_MESSAGES } from '@cryptads/contract/auth-messages';
import { expect, test } from '@playwright/test';
import { checkScreen } from './support/a11y';
import { STRONG_PASSWORD, uniqueEmail, verificationCode } from './support/api';
import { expectUserMenu, typeCode } from './support/ui';

test.describe('sign-up', () => {
  test('a new advertiser signs up, confirms the email with the mailed code and lands in the shell', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/signup/');
    await expect(page.getByText('Already on the product?')).toBeVisible();
    await expect(page.getByText(AUTH_MESSAGES.chooseAccountType)).toBeVisible();
    await expect(page.getByTestId('signup-next')).toBeDisabled();
    await checkScreen(page, 'signup-1-role');

    await page.getByTestId('role-advertiser').click();
    await page.getByTestId('signup-next').click();

    // Submitting the empty form shows the product's messages.
    await page.getByTestId('signup-create-account').click();
    await expect(page.getByText(AUTH_MESSAGES.firstNameRequired)).toBeVisible();
    await expect(page.getByText(AUTH_MESSAGES.lastNameRequired)).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText(AUTH_MESSAGES.passwordRequired)).toBeVisible();
    await expect(page.getByText(AUTH_MESSAGES.acceptTerms)).toBeVisible();
    await checkScreen(page, 'signup-2-form-errors');

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByLabel('Repeat password').fill('different');
    await page.getByTestId('signup-create-account').click();
    await expect(page.getByText('Password is not strong enough.')).toBeVisible();
    await expect(page.getByText('Both passwords must match.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Repeat password').fill(STRONG_PASSWORD);
    await page.getByLabel('I accept the Terms and Conditions').check();
    await page.getByTestId('signup-create-account').click();

    await expect(page.getByTestId('verify-email-form')).toBeVisible();
    await expect(page.getByTestId('signup-email')).toHaveText(email);
    await checkScreen(page, 'signup-3-verify');

    // A wrong code first: the dialog of docs/product/account.md#messages.
    await typeCode(page, '000000', 'signup-code');
    await page.getByTestId('verify-code-submit').click();
    const dialog = page.getByTestId('status-modal');
    await expect(dialog).toContainText('Something went wrong!');
    await expect(dialog).toContainText(AUTH_MESSAGES.codeInvalid);
    await dialog.getByRole('button', { name: 'Try Again' }).click();

    // Reloading resumes at step 3 from the locally saved pending record.
    await page.reload();
    await expect(page.getByTestId('verify-email-form')).toBeVisible();

    const code = await verificationCode(request, email);
    await typeCode(page, code, 'signup-code');
    await page.getByTestId('verify-code-submit').click();
    await expect(page.getByTestId('verify-success')).toContainText('Success!');
    await expect(page.getByTestId('verify-success')).toContainText('Your email address has been confirmed!');
    await checkScreen(page, 'signup-4-success');

    await page.getByTestId('get-started').click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    await expect(page).toHaveTitle('Dashboard - Cryptads - Finance & Crypto Display Advertising');
    await expect(page.getByTestId('header-balance')).toContainText('€0.00');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByText('Campaigns', { exact: true }),
    ).toBeVisible();
    await expectUserMenu(page, { alias: 'Grace Hopper', role: 'Advertiser', email });
    await checkScreen(page, 'shell-advertiser-user-menu');

    // Log out, then log in again with the new account.
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login\/$/);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(STRONG_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('dashboard-alias')).toContainText('Grace Hopper');
  });

  test('a publisher signs up and sees the publisher shell', async ({ page, request }) => {
    const email = uniqueEmail('publisher');
    await page.goto('/signup/');
    await page.getByTestId('role-publisher').click();
    await page.getByTestId('signup-next').click();
    await page.getByLabel('First name').fill('Linus');
    await page.getByLabel('Last name').fill('Pauling');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Repeat password').fill(STRONG_PASSWORD);
    await page.getByLabel('I accept the Terms and Conditions').check();
    await page.getByTestId('signup-create-account').click();
    await typeCode(page, await verificationCode(request, email), 'signup-code');
    await page.getByTestId('verify-code-submit').click();
    await page.getByTestId('get-started').click();
    await expect(page).toHaveURL('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByText('Websites', { exact: true })).toBeVisible();
    await expect(nav.getByText('Campaigns', { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('add-funds')).toHaveCount(0);
    await expectUserMenu(page, { alias: 'Linus Pauling', role: 'Publisher', email });
  });

  test('an email already registered is refused with the server reason', async ({ page }) => {
    await page.goto('/signup/');
    await page.getByTestId('role-advertiser').click();
    await page.getByTestId('signup-next').click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email').fill('advertiser@cryptads.example');
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Repeat password').fill(STRONG_PASSWORD);
    await page.getByLabel('I accept the Terms and Conditions').check();
    await page.getByTestId('signup-create-account').click();
    await expect(page.getByText(AUTH_MESSAGES.emailTaken)).toBeVisible();
  });
});
