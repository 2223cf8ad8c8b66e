import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingHistoryEntry } from '@cryptads/contract/billing-history';
import { BILLING_HISTORY_MESSAGES } from '@cryptads/contract/billing-history-messages';
import { billingHistoryEndpoints } from '@cryptads/contract/endpoints/billing-history';
import { systemEndpoints } from '@cryptads/contract/endpoints/system';
import type { PublicConfig } from '@cryptads/contract/system';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { BillingHistoryPage } from './billing-history-page';

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

const row = (overrides: Partial<BillingHistoryEntry> & Pick<BillingHistoryEntry, 'unique'>): BillingHistoryEntry => ({
  date: '2026-11-20T10:00:00.000Z',
  printDate: '20 Nov 2026',
  type: 'Deposit',
  method: 'Card Payment',
  amount: 150,
  valid: 1,
  hasDocument: true,
  number: 'INV-2026-000001',
  timeline: null,
  ...overrides,
});

let rows: BillingHistoryEntry[];
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);

beforeEach(() => {
  rows = [];
  serve(
    answer(systemEndpoints.config, config),
    answer(billingHistoryEndpoints.list, () => rows),
  );
});

/** The links the page clicked to save a file: their names and the bytes behind them. */
function captureSaves() {
  const saved: { name: string; blob: Blob | undefined }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${n++}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return { saved, restore: () => click.mockRestore() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BillingHistoryPage', () => {
  it("says 'No data available.' while there is no history", async () => {
    renderWithProviders(<BillingHistoryPage />, { route: '/billing/history/' });
    const table = await screen.findByTestId('billing-history-table');
    expect(within(table).getByText('No data available.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: BILLING_HISTORY_MESSAGES.title })).toBeInTheDocument();
  });

  it("labels every status code, and an unknown one 'Contact Us' with the support address", async () => {
    rows = [0, 1, 2, 3, 4, 6, 9].map((valid, i) =>
      row({
        unique: `deposit-pay_${i}`,
        valid,
        date: `2026-11-${10 + i}T10:00:00.000Z`,
        printDate: `${10 + i} Nov 2026`,
      }),
    );
    renderWithProviders(<BillingHistoryPage />, { route: '/billing/history/' });
    await screen.findByTestId('billing-history-table');
    const labels = screen.getAllByTestId('history-status').map((s) => s.textContent);
    expect(labels).toEqual(['Pending', 'Completed', 'Processing', 'Canceled', 'Failed', 'Archived', 'Contact Us']);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
        'href',
        'mailto:support@cryptads.example',
      ),
    );
    expect(screen.getAllByRole('cell', { name: '€150.00' })).toHaveLength(7);
  });

  it('downloads the PDF under the file name of the Content-Disposition header', async () => {
    rows = [
      row({ unique: 'deposit-pay_1', number: 'INV-2026-000001' }),
      row({ unique: 'deposit-pay_2', number: null, hasDocument: false, valid: 0, amount: 300 }),
    ];
    serve(
      answer(
        billingHistoryEndpoints.download,
        () =>
          new HttpResponse(pdf, {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="Invoice-INV-2026-000001.pdf"',
            },
          }),
      ),
    );
    const { saved, restore } = captureSaves();
    renderWithProviders(<BillingHistoryPage />, { route: '/billing/history/' });
    await screen.findByTestId('billing-history-table');
    // The unpaid deposit has no document to download.
    expect(screen.getAllByTestId('history-download')).toHaveLength(1);
    expect(screen.getByText(BILLING_HISTORY_MESSAGES.noDocument)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download INV-2026-000001' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    restore();
    expect(saved[0]?.name).toBe('Invoice-INV-2026-000001.pdf');
    expect(new Uint8Array((await saved[0]?.blob?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(pdf);
    expect(sentTo(billingHistoryEndpoints.download).map((r) => r.url)).toEqual(['/api/billing/history/deposit-pay_1']);
  });

  it("names the file 'Invoice.pdf' when the answer names none", async () => {
    rows = [row({ unique: 'deposit-pay_1' })];
    serve(
      answer(
        billingHistoryEndpoints.download,
        () => new HttpResponse(pdf, { headers: { 'content-type': 'application/pdf' } }),
      ),
    );
    const { saved, restore } = captureSaves();
    renderWithProviders(<BillingHistoryPage />, { route: '/billing/history/' });
    await userEvent.click(await screen.findByTestId('history-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    restore();
    expect(saved[0]?.name).toBe('Invoice.pdf');
  });

  it('says why a download failed', async () => {
    rows = [row({ unique: 'deposit-pay_1' })];
    serve(answer(billingHistoryEndpoints.download, () => failure(404, 'The requested item was not found.')));
    renderWithProviders(<BillingHistoryPage />, { route: '/billing/history/' });
    await userEvent.click(await screen.findByTestId('history-download'));
    expect(await screen.findByText(BILLING_HISTORY_MESSAGES.downloadFailed)).toBeInTheDocument();
    expect(screen.getByText('The requested item was not found.')).toBeInTheDocument();
  });

  it("shows a payout's timeline: requested, sent with its reference, completion still to come", async () => {
    rows = [
      row({
        unique: 'payout-7',
        type: 'Payout',
        method: 'SEPA',
        amount: 512.34,
        valid: 2,
        number: 'SB-2026-000007',
        timeline: [
          { step: 'requested', at: '2026-11-16T08:00:00.000Z', detail: null },
          { step: 'sent', at: '2026-11-16T15:30:00.000Z', detail: 'SEPA-REF-0042' },
        ],
      }),
    ];
    renderWithProviders(<BillingHistoryPage />, { route: '/billing/history/' });
    await userEvent.click(await screen.findByTestId('history-timeline'));
    const dialog = await screen.findByRole('dialog', { name: 'Payout of €512.34, 20 Nov 2026' });
    const timeline = within(dialog).getByTestId('payout-timeline');
    expect(within(timeline).getByTestId('payout-step-requested')).toHaveTextContent('Requested');
    expect(within(timeline).getByTestId('payout-step-sent')).toHaveTextContent('Reference: SEPA-REF-0042');
    expect(within(timeline).getByTestId('payout-step-completed-pending')).toHaveTextContent('Completed');
    expect(within(dialog).getByText('SEPA · SB-2026-000007')).toBeInTheDocument();
  });

  it('searches the rows and offers the CSV export', async () => {
    rows = Array.from({ length: 12 }, (_, i) =>
      row({
        unique: i % 3 ? `deposit-pay_${i}` : `payout-${i}`,
        type: i % 3 ? 'Deposit' : 'Payout',
        date: `2026-10-${String(10 + i).padStart(2, '0')}T10:00:00.000Z`,
        timeline: i % 3 ? null : [{ step: 'requested', at: '2026-10-01T10:00:00.000Z', detail: null }],
      }),
    );
    renderWithProviders(<BillingHistoryPage />, { route: '/billing/history/' });
    await screen.findByTestId('billing-history-table');
    expect(screen.getByText('12 entries')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search Billing history' }), 'Payout');
    expect(screen.getByText('4 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('offers to try again when the history cannot be loaded', async () => {
    serve(answer(billingHistoryEndpoints.list, () => failure(500, 'The database is not answering.'), { once: true }));
    rows = [row({ unique: 'deposit-pay_1' })];
    renderWithProviders(<BillingHistoryPage />, { route: '/billing/history/' });
    const alert = (await screen.findByText(BILLING_HISTORY_MESSAGES.loadFailed)).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the failure is not announced as an alert');
    expect(alert).toHaveTextContent('The database is not answering.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('billing-history-table')).toBeInTheDocument();
  });
});
