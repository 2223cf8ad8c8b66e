import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES as M } from '@cryptads/contract/billing';
import { BILLING_PROFILE_MESSAGES as PM, type BillingProfileView } from '@cryptads/contract/billing-profile';
import { billingDetailsEndpoints as api } from '@cryptads/contract/endpoints/billing-details';
import { payoutEndpoints } from '@cryptads/contract/endpoints/payouts';
import { saveSession } from '../../../lib/session';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { hideStatus } from '../../../ui/status-store';
import { BillingDetailsRoutes } from './billing-details-routes';

configure({ asyncUtilTimeout: 5000 });

const EMPTY: BillingProfileView = {
  isCompany: false,
  name: '',
  firstName: '',
  lastName: '',
  address: '',
  number: '',
  vatCode: '',
  vatValid: false,
  country: '',
  vat: 23,
  kycVerified: 0,
  docVerification: 0,
  docReason: null,
  blockedDeposit: false,
  blockedDepositCoingate: false,
  blockedDepositStripe: false,
  publisherPaymentOptions: null,
  complete: false,
  verification: 'unverified',
  vatCheck: null,
  withdrawAvailable: false,
  kycAvailable: false,
  selfBillingAgreed: false,
};
const COMPANY: BillingProfileView = {
  ...EMPTY,
  isCompany: true,
  name: 'Acme Ltd',
  address: '1 High Street, London',
  number: '01234567',
  country: 'GB',
  complete: true,
  kycAvailable: true,
};
const VERIFIED_PUBLISHER: BillingProfileView = {
  ...EMPTY,
  firstName: 'Paul',
  lastName: 'Tester',
  name: 'Paul Tester',
  address: '1 Rue de Rivoli, Paris',
  country: 'FR',
  complete: true,
  kycVerified: 1,
  docVerification: 1,
  verification: 'verified',
  withdrawAvailable: true,
};
const COUNTRIES = [
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'VG', name: 'British Virgin Islands' },
];

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/billing/details/*" element={<BillingDetailsRoutes />} />
    </Routes>,
    { route: path },
  );
}

beforeEach(() => {
  // The status dialog is app-wide: one left open by the previous test would cover this one.
  hideStatus();
  saveSession({ userType: 1 });
  serve(
    answer(api.countries, COUNTRIES),
    answer(api.vatCountries, [
      { code: 'DE', name: 'Germany', prefix: 'DE' },
      { code: 'FR', name: 'France', prefix: 'FR' },
    ]),
    answer(api.documents, []),
    answer(payoutEndpoints.next, { date: '2026-12-14', frequency: 1, balance: 80.5, amount: 80.5, minimum: 50 }),
  );
});

describe('Identification Details', () => {
  it('asks for every field and saves an individual, then opens Upload Documents', async () => {
    const user = userEvent.setup();
    let profile = EMPTY;
    serve(
      answer(api.profile, () => profile),
      answer(api.saveDetails, ({ body }) => {
        profile = { ...EMPTY, ...(body as object), complete: true, name: 'Ada Tester' } as BillingProfileView;
        return { message: M.identificationSaved, profile };
      }),
    );
    renderAt('/billing/details/');
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    expect(await screen.findAllByText(M.fillInField)).toHaveLength(4);
    expect(sentTo(api.saveDetails)).toHaveLength(0);

    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Tester');
    await user.click(screen.getByLabelText(/Country/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await user.type(screen.getByLabelText(/Address/), '1 Main Street, Berlin');
    await user.click(save);

    await waitFor(() => expect(sentTo(api.saveDetails)).toHaveLength(1));
    expect(sentTo(api.saveDetails)[0]?.body).toEqual({
      isCompany: false,
      firstName: 'Ada',
      lastName: 'Tester',
      country: 'DE',
      address: '1 Main Street, Berlin',
    });
    expect(await screen.findByText(M.identificationSaved)).toBeInTheDocument();
    expect(await screen.findByTestId('document-checklist')).toBeInTheDocument();
  });

  it("verifies a company's VAT code once a country is chosen, with the spec's texts", async () => {
    const user = userEvent.setup();
    serve(
      answer(api.profile, EMPTY),
      answer(api.validateVat, ({ body }) => ({
        status: (body as { code: string }).code.endsWith('7') ? ('invalid' as const) : ('valid' as const),
        checkedBy: 'vies' as const,
        countryCode: 'DE',
        vatNumber: '136695976',
        name: null,
        address: null,
        consultationNumber: 'WAPI0000000000AB',
        checkedAt: '2026-11-23T10:00:00.000Z',
        reason: null,
        message: (body as { code: string }).code.endsWith('7') ? M.vatInvalid : M.vatValid,
      })),
    );
    renderAt('/billing/details/identification/');
    await user.click(await screen.findByRole('radio', { name: 'A company' }));
    expect(screen.queryByLabelText(/VAT code/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/Country/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText(/VAT code/), 'DE136695977');
    await user.click(verify);
    expect(await screen.findByText(M.vatInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/VAT code/));
    await user.type(screen.getByLabelText(/VAT code/), 'DE136695976');
    await user.click(verify);
    expect(await screen.findByText('The VAT code provided is valid.')).toBeInTheDocument();
    expect(sentTo(api.validateVat).map((r) => r.body)).toEqual([
      { code: 'DE136695977', countryCode: 'DE' },
      { code: 'DE136695976', countryCode: 'DE' },
    ]);
  });

  it('is read-only while under review', async () => {
    serve(answer(api.profile, { ...COMPANY, docVerification: 2, verification: 'pending' }));
    renderAt('/billing/details/identification/');
    expect(await screen.findByText(M.underReview)).toBeInTheDocument();
    expect(await screen.findByLabelText(/Company name/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('Upload Documents', () => {
  it('shows the checklist of a British company before the upload, and the reason of a recheck', async () => {
    serve(answer(api.profile, { ...COMPANY, docVerification: 5, docReason: 'The bank statement is too old.' }));
    renderAt('/billing/details/upload-documents/');
    const list = await screen.findByTestId('document-checklist');
    for (const title of [
      'Certificate of incorporation',
      "A director's identity document",
      'Utility bill or bank statement',
    ])
      expect(within(list).getByText(title)).toBeInTheDocument();
    expect(within(list).queryByText('Certificate of incumbency')).not.toBeInTheDocument();
    expect(screen.getByTestId('doc-reason')).toHaveTextContent('Reason: The bank statement is too old.');
  });

  it('asks an offshore company for a certificate of incumbency', async () => {
    serve(answer(api.profile, { ...COMPANY, country: 'VG' }));
    renderAt('/billing/details/upload-documents/');
    expect(await screen.findByText('Certificate of incumbency')).toBeInTheDocument();
    expect(screen.queryByText('Utility bill or bank statement')).not.toBeInTheDocument();
  });

  it('refuses a file over 3 MB or of another type before sending it, and uploads a PDF', async () => {
    const user = userEvent.setup({ applyAccept: false });
    serve(
      answer(api.profile, COMPANY),
      answer(api.uploadDocument, ({ body }) => ({
        message: M.underReview,
        document: {
          id: 'AAAAAAAAAAAAAAAAAAAAAA',
          name: (body as { name: string }).name,
          mime: 'application/pdf',
          bytes: 9,
          uploadedAt: '2026-11-23T10:00:00.000Z',
        },
        profile: { ...COMPANY, docVerification: 2 as const, verification: 'pending' as const },
      })),
    );
    renderAt('/billing/details/upload-documents/');
    await screen.findByTestId('document-file');
    const input = document.querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const big = new File([new Uint8Array(3000 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(input, big);
    expect(await screen.findByText(M.fileTooLarge)).toBeInTheDocument();
    await user.upload(input, new File(['x'], 'tool.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText(M.invalidFileFormat)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(sentTo(api.uploadDocument)).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4 '], 'passport.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(within(await screen.findByRole('dialog')).getByText(M.underReview)).toBeInTheDocument();
    expect(sentTo(api.uploadDocument)[0]?.body).toEqual({
      name: 'passport.pdf',
      file: `data:application/pdf;base64,${btoa('%PDF-1.4 ')}`,
    });
  });

  it('sends the customer to fill in the identification first', async () => {
    serve(answer(api.profile, EMPTY));
    renderAt('/billing/details/upload-documents/');
    expect(await screen.findByText(PM.detailsFirst)).toBeInTheDocument();
  });
});

describe('Withdraw Options', () => {
  const SEPA_SAVED = {
    message: M.withdrawSaved,
    profile: {
      ...VERIFIED_PUBLISHER,
      selfBillingAgreed: true,
      publisherPaymentOptions: {
        method: 'sepa' as const,
        frequency: 1 as const,
        autoInvoicing: true,
        details: {
          iban: 'DE89370400440532013000',
          bank_identifier: 'COBADEFFXXX',
          bank_name: 'Commerzbank',
          bank_address: 'Frankfurt',
        },
      },
    },
  };

  it('is hidden from advertisers and disabled for a publisher until verified', async () => {
    serve(answer(api.profile, { ...COMPANY }));
    const { unmount } = renderAt('/billing/details/identification/');
    await screen.findByRole('tab', { name: /Identification Details/ });
    expect(screen.queryByRole('tab', { name: /Withdraw Options/ })).not.toBeInTheDocument();
    unmount();
    saveSession({ userType: 2 });
    renderAt('/billing/details/withdraw-options/');
    expect(await screen.findByRole('tab', { name: /Withdraw Options/ })).toBeDisabled();
    expect(await screen.findByTestId('withdraw-locked')).toHaveTextContent(PM.withdrawUnavailable);
  });

  it('tells a publisher billed in Ireland to contact support to withdraw to an Irish account', async () => {
    saveSession({ userType: 2 });
    serve(answer(api.profile, { ...VERIFIED_PUBLISHER, country: 'IE', address: '1 Quay Street, Galway' }));
    renderAt('/billing/details/withdraw-options/');
    expect(await screen.findByTestId('irish-notice')).toHaveTextContent(
      'If your bank account is in Ireland, please contact our support team to withdraw.',
    );
  });

  it('tells a publisher the day and the amount of their next payout, or what is missing below the minimum', async () => {
    saveSession({ userType: 2 });
    serve(answer(api.profile, VERIFIED_PUBLISHER));
    const { unmount } = renderAt('/billing/details/withdraw-options/');
    expect(await screen.findByTestId('next-payout')).toHaveTextContent('Next payout: €80.50 on 14 Dec 2026.');
    unmount();
    serve(answer(payoutEndpoints.next, { date: '2027-01-01', frequency: 0, balance: 30, amount: 0, minimum: 50 }));
    renderAt('/billing/details/withdraw-options/');
    expect(await screen.findByTestId('next-payout')).toHaveTextContent(
      'Next payout day: 1 Jan 2027. Payouts start at €50.00; your balance is €30.00.',
    );
  });

  it('asks for the 2FA code when the server answers code 32, and sends it with the options', async () => {
    const user = userEvent.setup();
    saveSession({ userType: 2 });
    serve(
      answer(api.profile, VERIFIED_PUBLISHER),
      answer(api.saveWithdrawOptions, ({ body }) => {
        const code = (body as { twoFactorCode?: string }).twoFactorCode;
        if (!code) return failure(400, PM.twoFactorCodeRequired, { code: 32 });
        if (code !== '123456') return failure(400, 'Your 2FA Code is invalid. Please try again.', { code: 33 });
        return SEPA_SAVED;
      }),
    );
    renderAt('/billing/details/withdraw-options/');
    expect(await screen.findByLabelText('Account holder')).toHaveValue('Paul Tester');
    expect(screen.getByRole('radio', { name: /SWIFT/ })).toBeDisabled();
    expect(screen.getByText('SWIFT transfers are currently paused.')).toBeInTheDocument();
    // A publisher billed in France is not told about Irish bank accounts.
    expect(screen.queryByTestId('irish-notice')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/IBAN/), 'DE00 1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.invalidIban)).toBeInTheDocument();
    expect(screen.getAllByText(M.fillInField).length).toBeGreaterThan(0);
    expect(screen.getByText(M.selfBillingRequired)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/IBAN/));
    await user.type(screen.getByLabelText(/IBAN/), 'DE89 3704 0044 0532 0130 00');
    await user.type(screen.getByLabelText(/SWIFT\/BIC/), 'COBADEFFXXX');
    await user.type(screen.getByLabelText(/Bank name/), 'Commerzbank');
    await user.type(screen.getByLabelText(/Bank address/), 'Frankfurt');
    await user.click(screen.getByRole('radio', { name: /Weekly/ }));
    await user.click(screen.getByRole('checkbox', { name: /self-billing agreement/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByTestId('withdraw-two-factor');
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
    await user.keyboard('654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Your 2FA Code is invalid. Please try again.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
    await user.keyboard('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(M.withdrawSaved)).toBeInTheDocument();

    const bodies = sentTo(api.saveWithdrawOptions).map((r) => r.body as Record<string, unknown>);
    expect(bodies.map((b) => b.twoFactorCode)).toEqual([undefined, '654321', '123456']);
    expect(bodies[2]).toMatchObject({
      method: 'sepa',
      frequency: 1,
      autoInvoicing: true,
      selfBillingAgreement: true,
      sepa_iban: 'DE89370400440532013000',
      sepa_bankIdentifier: 'COBADEFFXXX',
    });
  });

  it("shows another failure's reason without the 'Invalid Parameter! ' prefix", async () => {
    const user = userEvent.setup();
    saveSession({ userType: 2 });
    serve(
      answer(api.profile, {
        ...VERIFIED_PUBLISHER,
        selfBillingAgreed: true,
        publisherPaymentOptions: SEPA_SAVED.profile.publisherPaymentOptions,
      }),
      answer(api.saveWithdrawOptions, failure(400, 'Invalid Parameter! Something is off.')),
    );
    renderAt('/billing/details/withdraw-options/');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something is off.')).toBeInTheDocument();
  });
});
