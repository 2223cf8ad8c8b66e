import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statementEndpoints } from '@cryptads/contract/endpoints/statement';
import type { Statement, StatementLine } from '@cryptads/contract/statement';
import { answer, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { StatementPage } from './statement-page';

configure({ asyncUtilTimeout: 5000 });

const line = (o: Partial<StatementLine> & Pick<StatementLine, 'id'>): StatementLine => ({
  at: '2026-11-20T10:00:00.000Z',
  day: '2026-11-20',
  type: 'deposit',
  description: 'Deposit',
  amountMicros: '500000000',
  balanceMicros: '500000000',
  ...o,
});

const statement = (lines: StatementLine[], o: Partial<Statement> = {}): Statement => ({
  from: null,
  to: null,
  openingBalanceMicros: '0',
  closingBalanceMicros: lines.at(-1)?.balanceMicros ?? '0',
  inMicros: '500000000',
  outMicros: '231234567',
  total: lines.length,
  page: 1,
  pageSize: 10,
  lines,
  ...o,
});

const LINES = [
  line({ id: 't1' }),
  line({
    id: 't2',
    type: 'marketplace_purchase',
    description: 'Marketplace order ABC123, item 7',
    amountMicros: '-230000000',
    balanceMicros: '270000000',
  }),
  line({
    id: 'spend:2026-11-20:4',
    type: 'ad_spend',
    description: 'Ad spend: Crypto wallet launch',
    amountMicros: '-1234567',
    balanceMicros: '268765433',
  }),
];

beforeEach(() => {
  serve(
    answer(statementEndpoints.get, (request) => {
      const search = request.query.get('search');
      const lines = search ? LINES.filter((l) => l.description.toLowerCase().includes(search.toLowerCase())) : LINES;
      return statement(lines);
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StatementPage', () => {
  it('shows each movement with its running balance and the period’s balances', async () => {
    renderWithProviders(<StatementPage />, { route: '/billing/history/statement/' });
    const table = await screen.findByTestId('statement-table');
    await waitFor(() => expect(within(table).getAllByTestId('statement-line')).toHaveLength(3));
    expect(within(table).getByText('Marketplace order ABC123, item 7')).toBeInTheDocument();
    expect(within(table).getByText('-€230.00')).toBeInTheDocument();
    expect(within(table).getByText('€270.00')).toBeInTheDocument();
    // Ad spend is billed in micro-euros: shown to the cent, as the header shows the balance.
    expect(within(table).getByText('-€1.23')).toBeInTheDocument();
    expect(within(table).getByText('€268.77')).toBeInTheDocument();
    expect(screen.getByTestId('statement-opening')).toHaveTextContent('€0.00');
    expect(screen.getByTestId('statement-closing')).toHaveTextContent('€268.77');
    expect(screen.getByRole('tab', { name: 'Statement' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows every figure to the cent, rounded as the header’s balance, and says the CSV has the exact amounts', async () => {
    // The demo advertiser's statement after some live traffic: fractions of a cent everywhere
    // (the header shows its balance, 2,499.95725, as €2,499.96).
    serve(
      answer(statementEndpoints.get, () =>
        statement(
          [
            line({ id: 't1', amountMicros: '3243443250', balanceMicros: '3243443250' }),
            line({
              id: 'spend:2026-11-20:4',
              type: 'ad_spend',
              description: 'Ad spend: Crypto wallet launch',
              amountMicros: '-3000',
              balanceMicros: '3243440250',
            }),
            line({
              id: 'spend:2026-11-21:4',
              type: 'ad_spend',
              description: 'Ad spend: Crypto wallet launch',
              amountMicros: '-743483000',
              balanceMicros: '2499957250',
            }),
          ],
          { inMicros: '3243443250', outMicros: '743486000' },
        ),
      ),
    );
    renderWithProviders(<StatementPage />, { route: '/billing/history/statement/' });
    const table = await screen.findByTestId('statement-table');
    await waitFor(() => expect(within(table).getAllByTestId('statement-line')).toHaveLength(3));
    expect(screen.getByTestId('statement-in')).toHaveTextContent(/^€3,243\.44$/);
    expect(screen.getByTestId('statement-out')).toHaveTextContent(/^-€743\.49$/);
    expect(screen.getByTestId('statement-closing')).toHaveTextContent(/^€2,499\.96$/);
    const [deposit, tiny, spend] = within(table).getAllByTestId('statement-line');
    expect(deposit).toHaveTextContent('+€3,243.44');
    // A debit of a fraction of a cent reads €0.00, neither '-€0.00' nor '+€0.00'.
    expect(tiny).toHaveTextContent('€0.00');
    expect(tiny).not.toHaveTextContent(/[-+]€0\.00/);
    expect(spend).toHaveTextContent('-€743.48');
    expect(spend).toHaveTextContent('€2,499.96');
    for (const row of [deposit, tiny, spend])
      for (const figure of within(row as HTMLElement).getAllByText(/€/))
        expect(figure.textContent).toMatch(/^[-+]?€[\d,]+\.\d\d$/);
    expect(screen.getByTestId('statement-cents-note')).toHaveTextContent(
      'Amounts are shown to the cent. Ad spend and earnings are counted in micro-euros (millionths of a euro), so an amount or a balance may hold a fraction of a cent: the CSV has every amount exact to the micro-euro.',
    );
  });

  it('asks the server for the period and the search, and downloads the CSV of that period', async () => {
    const csvText = 'Date,Type,Description,Amount (EUR),Balance (EUR)\r\n';
    serve(
      answer(
        statementEndpoints.csv,
        () =>
          new HttpResponse(csvText, {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="statement-from-2026-11-01.csv"',
            },
          }),
      ),
    );
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(<StatementPage />, { route: '/billing/history/statement/?from=2026-11-01' });
    await screen.findByTestId('statement-table');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search descriptions' }), 'wallet');
    await waitFor(() =>
      expect(sentTo(statementEndpoints.get).map((r) => r.url)).toContain(
        '/api/billing/statement?from=2026-11-01&search=wallet&page=1&pageSize=10',
      ),
    );
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['statement-from-2026-11-01.csv']));
    expect(sentTo(statementEndpoints.csv).map((r) => r.url)).toEqual([
      '/api/billing/statement/csv?from=2026-11-01&search=wallet',
    ]);
  });

  it('keeps both ends of the period when From and To change one right after the other', async () => {
    renderWithProviders(<StatementPage />, { route: '/billing/history/statement/' });
    await screen.findByTestId('statement-table');
    // Both in one batch, as a browser may deliver them before the address has moved.
    act(() => {
      fireEvent.change(screen.getByTestId('statement-from'), { target: { value: '01/11/2026' } });
      fireEvent.change(screen.getByTestId('statement-to'), { target: { value: '20/11/2026' } });
    });
    await waitFor(() =>
      expect(sentTo(statementEndpoints.get).map((r) => r.url)).toContain(
        '/api/billing/statement?from=2026-11-01&to=2026-11-20&page=1&pageSize=10',
      ),
    );
    // The days read and type as dd/mm/yyyy, whatever the browser's locale.
    expect(screen.getByTestId('statement-from')).toHaveValue('01/11/2026');
    expect(screen.getByTestId('statement-to')).toHaveValue('20/11/2026');
    expect(screen.getByTestId('statement-from')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(screen.getByRole('button', { name: 'Clear From' })).toBeInTheDocument();
  });
});
