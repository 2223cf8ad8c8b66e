import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BANK_STATEMENT_MESSAGES } from '@cryptads/contract/bank-statements';
import { bankStatementEndpoints, type StatementLine } from '@cryptads/contract/endpoints/bank-statements';
import { clearSession, saveSession } from '../../../lib/session';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { BankStatementsPage } from './bank-statements-page';

configure({ asyncUtilTimeout: 5000 });

const line = (id: number, overrides: Partial<StatementLine> = {}): StatementLine => ({
  id,
  bankEntryId: `2026112600${id}`,
  bookedOn: '2026-11-26',
  amountMicros: '150000000',
  currency: 'EUR',
  remittance: 'DEPAB12CD34',
  reference: 'DEPAB12CD34',
  status: 'open',
  reason: 'amount',
  note: null,
  fileName: 'camt053.xml',
  importedAt: '2026-11-27T08:00:00.000Z',
  deposit: { id: 'pay_Abcdefghij0123456789', email: 'ada@example.com', totalMicros: '123000000', status: 'pending' },
  ...overrides,
});

let waiting: StatementLine[];

afterEach(() => clearSession());

beforeEach(() => {
  saveSession({ userType: 3 });
  waiting = [line(1), line(2, { reason: 'reference', reference: null, remittance: 'ads for november', deposit: null })];
  serve(
    answer(bankStatementEndpoints.lines, () => ({ items: waiting })),
    answer(bankStatementEndpoints.importStatement, { credited: 1, alreadyImported: 1, waiting: 3, ignored: 1 }),
    answer(bankStatementEndpoints.lineHandled, () => {
      waiting = waiting.filter((l) => l.id !== 1);
      return { output: 'Statement line 1 marked as handled outside: Returned' };
    }),
    answer(bankStatementEndpoints.lineMatch, () => failure(400, BANK_STATEMENT_MESSAGES.amountDiffers)),
  );
});

describe('the bank statements screen', () => {
  it('shows why a line waits as plain text and keeps its actions short, named for the line', async () => {
    const { container } = renderWithProviders(<BankStatementsPage />);
    const reasons = await screen.findAllByTestId('statement-reason');
    expect(reasons.map((r) => r.textContent)).toEqual([
      'The amount differs from the deposit’s total',
      'No waiting deposit has this reference',
    ]);
    for (const r of reasons) expect(r.closest('.mantine-Badge-root')).toBeNull();
    expect(container.querySelectorAll('.mantine-Badge-root')).toHaveLength(0);
    expect(screen.getAllByTestId('statement-match').map((b) => b.textContent)).toEqual(['Match', 'Match']);
    expect(screen.getAllByTestId('statement-handled').map((b) => b.textContent)).toEqual(['Handled', 'Handled']);
    expect(screen.getByRole('button', { name: 'Match DEPAB12CD34 to a deposit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark ads for november as handled outside' })).toBeInTheDocument();
  });

  it('imports a statement and says what it did', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<BankStatementsPage />);
    const file = new File(['<Document/>'], 'camt053.xml', { type: 'text/xml' });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, file);
    await user.click(screen.getByTestId('statement-import'));
    expect(await screen.findByTestId('statement-result')).toHaveTextContent(
      '1 credited, 1 already imported, 3 waiting for a decision, 1 ignored (debits and unbooked entries).',
    );
    expect(sentTo(bankStatementEndpoints.importStatement)[0]?.body).toEqual({
      fileName: 'camt053.xml',
      content: '<Document/>',
    });
  });

  it('lists the waiting lines with why they wait, and marks one handled only with a note', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BankStatementsPage />);
    const rows = await screen.findAllByTestId('statement-line');
    expect(rows).toHaveLength(2);
    const first = rows.find((row) => row.getAttribute('data-line') === '1');
    if (!first) throw new Error('no line 1');
    expect(first).toHaveTextContent('The amount differs from the deposit’s total');
    expect(first).toHaveTextContent('€150.00');
    expect(first).toHaveTextContent('ada@example.com');

    await user.click(within(first).getByTestId('statement-handled'));
    await user.click(await screen.findByTestId('statement-confirm'));
    expect(await screen.findByText(BANK_STATEMENT_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(sentTo(bankStatementEndpoints.lineHandled)).toEqual([]);

    await user.type(screen.getByTestId('statement-note'), 'Returned');
    await user.click(screen.getByTestId('statement-confirm'));
    await waitFor(() => expect(screen.queryAllByTestId('statement-line')).toHaveLength(1));
    expect(sentTo(bankStatementEndpoints.lineHandled)[0]?.body).toEqual({ note: 'Returned' });
  });

  it('shows the server’s refusal when a match does not add up', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BankStatementsPage />);
    const rows = await screen.findAllByTestId('statement-line');
    const first = rows.find((row) => row.getAttribute('data-line') === '1');
    if (!first) throw new Error('no line 1');
    await user.click(within(first).getByTestId('statement-match'));
    expect(screen.getByTestId('statement-deposit')).toHaveValue('pay_Abcdefghij0123456789');
    await user.click(screen.getByTestId('statement-confirm'));
    expect(await screen.findByText(BANK_STATEMENT_MESSAGES.amountDiffers)).toBeInTheDocument();
  });
});
