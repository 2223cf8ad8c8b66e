import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '@cryptads/contract/billing-messages';
import { DEPOSIT_MESSAGES } from '@cryptads/contract/deposit-messages';
import type { BankTransferDetails, DepositOverview, DepositRow } from '@cryptads/contract/deposits';
import { depositEndpoints } from '@cryptads/contract/endpoints/deposits';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import type { PublicConfig } from '@cryptads/contract/system';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { DepositPage } from './deposit-page';

configure({ asyncUtilTimeout: 5000 });

const config: PublicConfig = {
  productName: 'Cryptads',
  captcha: { provider: 'none', siteKey: null },
  devMailbox: true,
  supportEmail: 'support@cryptads.example',
  rules: {
    minimumBids: { DISPLAY_TYPE_REGULAR: 0.2, DISPLAY_TYPE_PREMIUM: 3, NATIVE: 0.5, APPLICATION: 0.5, POPUNDER: 1 },
    minimumBidsClick: { NATIVE: 0.05 },
    maxPrice: 20,
    revenueShare: 0.7,
    deletionGraceDays: 14,
  },
};

const PAYMENT_ID = 'pay_Abcdefghij0123456789';

const row = (overrides: Partial<DepositRow> = {}): DepositRow => ({
  id: PAYMENT_ID,
  date: '2026-11-20T10:00:00.000Z',
  method: 'card',
  amount: 150,
  fee: 0,
  vat: 34.5,
  total: 184.5,
  credited: 150,
  valid: 1,
  state: 'paid',
  ...overrides,
});

let overview: DepositOverview;
let openPayment: (DepositRow & { url: string }) | null;
let bank: BankTransferDetails;

beforeEach(() => {
  overview = {
    balance: 250,
    latestDeposits: [],
    fees: { cryptoProcessingFeePercent: 1, cardFeePercent: 0 },
    vatPercent: 23,
    vatTreatment: 'standard',
    vat: { rule: 'domestic', country: 'IE', ratePercent: 23, wording: 'VAT 23 % (Ireland)' },
    blocked: { all: false, crypto: false, card: false },
    steps: { billingDetails: true, qualifyingCampaign: true },
    cardDepositedToday: 0,
  };
  openPayment = null;
  bank = {
    reference: 'DEP7K3M9Q2X',
    bank: {
      beneficiary: 'Cryptads Ltd',
      iban: 'IE29AIBK93115212345678',
      bic: 'AIBKIE2D',
      bankName: 'AIB',
      address: '1 Example Street, Dublin 2, IE',
      bankAddress: '7 Baggot Street, Dublin 2',
    },
    vatPercent: 23,
    deposit: null,
  };
  serve(
    answer(systemEndpoints.config, config),
    answer(depositEndpoints.overview, () => overview),
    answer(depositEndpoints.cryptoId, () => ({ payment: openPayment })),
    answer(depositEndpoints.bankTransfer, () => bank),
    answer(depositEndpoints.bankTransferStart, () => {
      bank = {
        ...bank,
        deposit: {
          ...row({ id: PAYMENT_ID, method: 'bank_transfer', amount: 100, vat: 23, total: 123, state: 'pending' }),
          valid: 0,
          credited: null,
          reference: 'DEPAB12CD34',
        },
      };
      return bank;
    }),
    answer(depositEndpoints.crypto, () => {
      openPayment = {
        ...row({ method: 'crypto', state: 'created', valid: 0, credited: null }),
        url: 'https://pay.example/x',
      };
      return { url: 'https://pay.example/x', paymentId: PAYMENT_ID };
    }),
    answer(depositEndpoints.card, { url: 'https://checkout.example/c/pay/cs_1', paymentId: PAYMENT_ID }),
    answer(depositEndpoints.payment, ({ body }) => {
      const action = (body as { action?: string }).action;
      if (action === 'cancel') {
        openPayment = null;
        return row({ state: 'canceled', valid: 3, credited: null });
      }
      return row();
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

function PathProbe() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/billing/deposit/*" element={<DepositPage />} />
    </Routes>,
    { route },
  );

const amountInput = () => screen.findByLabelText(/Amount \(EUR\)/);

describe('DepositPage', () => {
  it('opens on the crypto tab with the balance and the latest deposits', async () => {
    overview.latestDeposits = [
      row(),
      row({ id: 'pay_B', method: 'crypto', credited: null, valid: 4, state: 'failed' }),
      row({ id: 'pay_C', method: 'bank_transfer', credited: null, valid: 3, state: 'expired' }),
    ];
    renderAt('/billing/deposit/');
    expect(await screen.findByTestId('deposit-balance')).toHaveTextContent('€250.00');
    expect(screen.getByRole('tab', { name: /Cryptocurrency/ })).toHaveAttribute('aria-selected', 'true');
    const latest = screen.getAllByTestId('latest-deposit');
    expect(latest.map((li) => within(li).getByTestId('latest-deposit-status').textContent)).toEqual([
      'Completed',
      'Failed',
      // A bank deposit whose transfer did not arrive in time.
      'Expired',
    ]);
    expect(within(latest[0] as HTMLElement).getByText('Card Payment')).toBeInTheDocument();
  });

  it('shows the crypto cost breakdown, generates a payment URL, then Pay Now or Reset', async () => {
    const user = userEvent.setup();
    renderAt('/billing/deposit/crypto/');
    await user.type(await amountInput(), '1000');
    const breakdown = screen.getByTestId('cost-breakdown');
    expect(within(breakdown).getByText('Processing fee (1 %)')).toBeInTheDocument();
    expect(within(breakdown).getByTestId('breakdown-fee')).toHaveTextContent('€10.00');
    expect(within(breakdown).getByTestId('breakdown-vat')).toHaveTextContent('€232.30');
    expect(within(breakdown).getByTestId('breakdown-total')).toHaveTextContent('€1,242.30');
    expect(screen.getByTestId('deposit-tab-total-card')).toHaveTextContent('Total €1,230.00');

    await user.click(screen.getByRole('button', { name: 'Generate Payment URL' }));
    const ready = await screen.findByTestId('crypto-payment-ready');
    expect(sentTo(depositEndpoints.crypto)[0]?.body).toEqual({ amount: 1000 });
    expect(within(ready).getByRole('link', { name: /Pay Now/ })).toHaveAttribute('href', 'https://pay.example/x');

    await user.click(within(ready).getByRole('button', { name: /Reset/ }));
    expect(await screen.findByRole('button', { name: 'Generate Payment URL' })).toBeInTheDocument();
    expect(sentTo(depositEndpoints.payment).map((r) => r.body)).toEqual([{ paymentId: PAYMENT_ID, action: 'cancel' }]);
  });

  it('says why an amount is refused and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/billing/deposit/');
    await user.click(await screen.findByRole('button', { name: 'Generate Payment URL' }));
    expect(await screen.findByText(BILLING_MESSAGES.fillInField)).toBeInTheDocument();
    await user.type(await amountInput(), '99.99');
    expect(screen.getByText(BILLING_MESSAGES.depositMin)).toBeInTheDocument();
    await user.clear(await amountInput());
    await user.type(await amountInput(), '200000.01');
    expect(screen.getByText(BILLING_MESSAGES.depositMax)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Payment URL' }));
    expect(sentTo(depositEndpoints.crypto)).toEqual([]);
  });

  it('keeps cards to 5,000 EUR a day and sends the browser to the payment page', async () => {
    const user = userEvent.setup();
    overview.cardDepositedToday = 1000;
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderAt('/billing/deposit/card-payment');
    expect(await screen.findByText(/€4,000.00 left today/)).toBeInTheDocument();
    await user.type(await amountInput(), '4000.01');
    await user.click(screen.getByRole('button', { name: 'Pay by Card' }));
    expect(await screen.findByText(BILLING_MESSAGES.depositCardMax)).toBeInTheDocument();
    expect(sentTo(depositEndpoints.card)).toEqual([]);

    await user.clear(await amountInput());
    await user.type(await amountInput(), '150');
    expect(screen.queryByTestId('breakdown-fee')).not.toBeInTheDocument();
    expect(screen.getByTestId('breakdown-vat')).toHaveTextContent('€34.50');
    expect(screen.getByTestId('breakdown-total')).toHaveTextContent('€184.50');
    await user.click(screen.getByRole('button', { name: 'Pay by Card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/c/pay/cs_1'));
    expect(sentTo(depositEndpoints.card)[0]?.body).toEqual({ amount: 150 });
  });

  it('sends /instant/ to the card tab’s own path, and keeps the amount when the tab changes', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route
          path="/billing/deposit/*"
          element={
            <>
              <DepositPage />
              <PathProbe />
            </>
          }
        />
      </Routes>,
      { route: '/billing/deposit/instant/' },
    );
    expect(await screen.findByRole('tab', { name: /Card Payment/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('path')).toHaveTextContent('/billing/deposit/card-payment');
    await user.type(await amountInput(), '500');
    await user.click(screen.getByRole('tab', { name: /Cryptocurrency/ }));
    expect(await amountInput()).toHaveValue('500');
    expect(screen.getByTestId('breakdown-total')).toHaveTextContent('€621.15');
  });

  it('shows the server reason when the provider cannot be reached', async () => {
    const user = userEvent.setup();
    serve(answer(depositEndpoints.card, failure(502, DEPOSIT_MESSAGES.providerUnavailable)));
    renderAt('/billing/deposit/card-payment');
    await user.type(await amountInput(), '150');
    await user.click(screen.getByRole('button', { name: 'Pay by Card' }));
    expect(await screen.findByText(DEPOSIT_MESSAGES.providerUnavailable)).toBeInTheDocument();
  });

  it('charges no VAT to a reverse-charge customer and says so', async () => {
    const user = userEvent.setup();
    overview.vatPercent = 0;
    overview.vatTreatment = 'reverse_charge';
    overview.vat = { rule: 'reverse_charge', country: 'DE', ratePercent: 0, wording: 'Reverse charge' };
    renderAt('/billing/deposit/card-payment');
    await user.type(await amountInput(), '150');
    const breakdown = screen.getByTestId('cost-breakdown');
    expect(within(breakdown).getByRole('rowheader', { name: 'Reverse charge' })).toBeInTheDocument();
    expect(screen.getByTestId('breakdown-vat')).toHaveTextContent('€0.00');
    expect(screen.getByTestId('breakdown-total')).toHaveTextContent('€150.00');
  });

  it("charges a consumer elsewhere in the EU their country's VAT and names it", async () => {
    const user = userEvent.setup();
    overview.vatPercent = 19;
    overview.vat = { rule: 'oss', country: 'DE', ratePercent: 19, wording: 'VAT 19 % (Germany)' };
    renderAt('/billing/deposit/card-payment');
    await user.type(await amountInput(), '150');
    const breakdown = screen.getByTestId('cost-breakdown');
    expect(within(breakdown).getByRole('rowheader', { name: 'VAT 19 % (Germany)' })).toBeInTheDocument();
    expect(screen.getByTestId('breakdown-vat')).toHaveTextContent('€28.50');
    expect(screen.getByTestId('breakdown-total')).toHaveTextContent('€178.50');
  });

  it('says a customer outside the EU is outside the scope of EU VAT', async () => {
    const user = userEvent.setup();
    overview.vatPercent = 0;
    overview.vatTreatment = 'outside_scope';
    overview.vat = { rule: 'outside_scope', country: 'US', ratePercent: 0, wording: 'Outside the scope of EU VAT' };
    renderAt('/billing/deposit/card-payment');
    await user.type(await amountInput(), '150');
    const breakdown = screen.getByTestId('cost-breakdown');
    expect(within(breakdown).getByRole('rowheader', { name: 'Outside the scope of EU VAT' })).toBeInTheDocument();
    expect(screen.getByTestId('breakdown-total')).toHaveTextContent('€150.00');
  });

  it('shows the steps to deposit funds until billing details and a campaign exist', async () => {
    overview.steps = { billingDetails: false, qualifyingCampaign: true };
    renderAt('/billing/deposit/');
    const steps = await screen.findByTestId('steps-to-deposit');
    expect(within(steps).getByRole('heading', { name: 'Steps to Deposit Funds' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('step-billing-details')).getByRole('link', { name: 'Billing Details' }),
    ).toHaveAttribute('href', '/billing/details/');
    expect(within(screen.getByTestId('step-campaign')).getByText('Done')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows the contact message when deposits or one method are blocked', async () => {
    overview.blocked = { all: true, crypto: false, card: false };
    const { unmount } = renderAt('/billing/deposit/');
    expect(await screen.findByText(BILLING_MESSAGES.depositBlocked, { exact: false })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:support@cryptads.example',
    );
    unmount();

    overview.blocked = { all: false, crypto: false, card: true };
    renderAt('/billing/deposit/card-payment');
    expect(await screen.findByText(BILLING_MESSAGES.depositMethodBlocked, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by Card' })).not.toBeInTheDocument();
  });

  it('gives the account, the reference and the exact amount with VAT of a bank transfer, each with a copy button', async () => {
    const user = userEvent.setup();
    renderAt('/billing/deposit/bank-transfer');
    const amount = await screen.findByTestId('deposit-amount');
    await user.click(screen.getByTestId('bank-start'));
    expect(await screen.findByText(BILLING_MESSAGES.fillInField)).toBeInTheDocument();
    await user.type(amount, '99');
    await user.click(screen.getByTestId('bank-start'));
    expect(await screen.findByText(DEPOSIT_MESSAGES.bankAmountRange)).toBeInTheDocument();
    expect(sentTo(depositEndpoints.bankTransferStart)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(screen.getByTestId('bank-start'));
    expect(await screen.findByTestId('bank-iban')).toHaveTextContent('IE29 AIBK 9311 5212 3456 78');
    expect(sentTo(depositEndpoints.bankTransferStart)[0]?.body).toEqual({ amount: 100 });
    expect(screen.getByTestId('bank-beneficiary')).toHaveTextContent('Cryptads Ltd');
    expect(screen.getByTestId('bank-bic')).toHaveTextContent('AIBKIE2D');
    expect(screen.getByTestId('bank-bank')).toHaveTextContent('AIB');
    expect(screen.getByTestId('bank-bank-address')).toHaveTextContent('7 Baggot Street, Dublin 2');
    expect(screen.getByTestId('bank-reference')).toHaveTextContent('DEPAB12CD34');
    expect(screen.getByTestId('bank-amount')).toHaveTextContent('€123.00');
    expect(screen.getByTestId('bank-amount-hint')).toHaveTextContent('€100.00 + €23.00 VAT (23 %)');
    expect(screen.getByTestId('bank-timing')).toHaveTextContent(
      'Bank transfers take 1 to 5 business days to arrive, up to 14.',
    );
    for (const label of ['Account holder', 'IBAN', 'BIC / SWIFT', 'Bank', 'Bank address', 'Reference', 'Amount'])
      expect(screen.getByRole('button', { name: `Copy ${label}` })).toBeInTheDocument();
  });

  it('says when no bank account is configured', async () => {
    bank = { ...bank, bank: null };
    renderAt('/billing/deposit/bank-transfer');
    expect(await screen.findByText(DEPOSIT_MESSAGES.bankNotConfigured)).toBeInTheDocument();
    expect(screen.getByTestId('bank-reference')).toHaveTextContent('DEP7K3M9Q2X');
  });

  it('checks the payment the browser came back with and says it succeeded', async () => {
    renderAt(`/billing/deposit/card-payment?payment=success&paymentId=${PAYMENT_ID}`);
    const notice = await screen.findByTestId('payment-return');
    await waitFor(() => expect(notice).toHaveAttribute('data-state', 'paid'));
    expect(notice).toHaveTextContent(DEPOSIT_MESSAGES.paymentSucceeded);
    expect(sentTo(depositEndpoints.payment)[0]?.body).toEqual({ paymentId: PAYMENT_ID, action: 'check' });
  });

  it('gives up a payment the browser came back from without paying', async () => {
    renderAt(`/billing/deposit/card-payment?payment=canceled&paymentId=${PAYMENT_ID}`);
    expect(await screen.findByText(DEPOSIT_MESSAGES.paymentNotCompleted)).toBeInTheDocument();
    expect(sentTo(depositEndpoints.payment)[0]?.body).toEqual({ paymentId: PAYMENT_ID, action: 'cancel' });
  });
});
