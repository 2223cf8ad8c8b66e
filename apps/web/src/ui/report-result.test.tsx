import { configure, fireEvent, screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@cryptads/contract/reports';
import { renderWithProviders } from '../testing/render';
import { ReportResult } from './report-result';

configure({ asyncUtilTimeout: 5000 });

/** An advertiser's report by date with conversions, as the dashboard's API answers it. */
const figures = (impressions: number, roas: number) => ({
  impressions,
  clicks: 30,
  money: 2.4,
  ctr: 0.25,
  eCpm: 0.2,
  filteredImpressions: 0,
  filteredClicks: 0,
  conversions: 3,
  conversionRate: 10,
  costPerConversion: 0.8,
  conversionValue: 4.94,
  roas,
});
const report = {
  reportBy: 'date',
  startDate: '2026-11-30',
  endDate: '2026-12-01',
  rows: [
    { key: '2026-11-30', label: '30 Nov 2026', ...figures(12000, 2.06) },
    { key: '2026-12-01', label: '1 Dec 2026', ...figures(8000, 205.61) },
  ],
  totals: figures(20000, 1.24),
  daily: [
    { date: '2026-11-30', impressions: 12000, clicks: 30, money: 2.4 },
    { date: '2026-12-01', impressions: 8000, clicks: 30, money: 2.4 },
  ],
  filtered: [],
} as unknown as Report;
const answered = { isPending: false, isError: false, isFetching: false, data: report } as UseQueryResult<Report>;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a report with conversions', () => {
  it('shows ROAS as a multiple in the table, and names the unit in the CSV’s header', async () => {
    renderWithProviders(<ReportResult query={answered} moneyLabel="Cost" csvFileName="report.csv" />);
    const table = await screen.findByRole('table', { name: 'Report by Date' });
    expect(within(table).getByRole('columnheader', { name: /^ROAS \(×\)/ })).toBeInTheDocument();
    expect(within(table).getByText('2.06×')).toBeInTheDocument();
    expect(within(table).getByText('205.61×')).toBeInTheDocument();

    let file: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      file = b as Blob;
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = (await (file as Blob).text()).split('\r\n');
    expect(csv[0]?.split(',').at(-1)).toBe('ROAS (×)');
    // Figures without units, as every figure of the CSV; the newest day first.
    expect(csv.slice(1).map((l) => l.split(',').at(-1))).toEqual(['205.61', '2.06']);
  });
});
