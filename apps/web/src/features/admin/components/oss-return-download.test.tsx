import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taxEndpoints } from '@cryptads/contract/endpoints/tax';
import { answer, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { OssReturnDownload } from './oss-return-download';

configure({ asyncUtilTimeout: 5000 });

const HEADER = 'member_state,country,vat_rate_percent,payments,taxable_amount_eur,vat_eur';
const csv = (quarter: string, lines: string[]) =>
  new HttpResponse(`${[HEADER, ...lines].join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="oss-return-${quarter}.csv"`,
    },
  });

beforeEach(() => {
  // The app's clock: 2 December 2026 (only Date is faked; timers run).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T09:00:00Z'));
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  serve(
    answer(taxEndpoints.ossReturn, (request) => {
      const quarter = request.query.get('quarter') ?? '';
      return quarter === '2026-Q4'
        ? csv(quarter, ['DE,Germany,19,2,200.02,38.02'])
        : csv(quarter, [`No EU consumer sales in ${quarter}.,,,,,`]);
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the OSS return download', () => {
  it('offers the current quarter first and downloads it', async () => {
    renderWithProviders(<OssReturnDownload />);
    expect(screen.getByRole('textbox', { name: 'OSS return' })).toHaveValue('2026-Q4');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(sentTo(taxEndpoints.ossReturn).map((r) => r.url)).toEqual(['/api/admin/vat/oss-return?quarter=2026-Q4']),
    );
    // A quarter with sales: nothing more to say.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled());
    expect(screen.queryByTestId('oss-return-empty')).toBeNull();
  });

  it('says so when the quarter had no EU consumer sales', async () => {
    renderWithProviders(<OssReturnDownload />);
    const input = screen.getByRole('textbox', { name: 'OSS return' });
    await userEvent.clear(input);
    await userEvent.type(input, '2026-Q3');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No EU consumer sales in 2026-Q3.');
    expect(sentTo(taxEndpoints.ossReturn).map((r) => r.url)).toEqual(['/api/admin/vat/oss-return?quarter=2026-Q3']);
    // Another quarter typed: the message was about the one downloaded.
    await userEvent.type(input, '{Backspace}4');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
