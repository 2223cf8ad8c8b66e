import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { campaignEndpoints } from '@cryptads/contract/endpoints/campaigns';
import { reportEndpoints } from '@cryptads/contract/endpoints/reports';
import { websiteEndpoints } from '@cryptads/contract/endpoints/websites';
import { REPORT_MESSAGES } from '@cryptads/contract/report-messages';
import type { Report } from '@cryptads/contract/reports';
import { saveSession } from '../../../lib/session';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { presetRange } from '../../../ui/report-period';
import { ReportsPage } from './reports-page';

configure({ asyncUtilTimeout: 5000 });

const figures = {
  impressions: 0,
  clicks: 0,
  money: 0,
  ctr: 0,
  eCpm: 0,
  filteredImpressions: 0,
  filteredClicks: 0,
  measuredImpressions: 0,
  viewableImpressions: 0,
  viewabilityRate: null,
};
const report = (over: Partial<Report> = {}): Report => ({
  reportBy: 'date',
  startDate: '2026-03-25',
  endDate: '2026-03-31',
  rows: [
    {
      key: '2026-03-30',
      label: '30 Mar 2026',
      impressions: 12000,
      clicks: 30,
      money: 2.4,
      ctr: 0.25,
      eCpm: 0.2,
      filteredImpressions: 700,
      filteredClicks: 5,
      measuredImpressions: 11000,
      viewableImpressions: 7150,
      viewabilityRate: 65,
    },
    {
      key: '2026-03-31',
      label: '31 Mar 2026',
      impressions: 8000,
      clicks: 10,
      money: 1.6,
      ctr: 0.13,
      eCpm: 0.2,
      filteredImpressions: 0,
      filteredClicks: 0,
      // Nothing measured that day: '—', not 0 %.
      measuredImpressions: 0,
      viewableImpressions: 0,
      viewabilityRate: null,
    },
  ],
  totals: {
    impressions: 20000,
    clicks: 40,
    money: 4,
    ctr: 0.2,
    eCpm: 0.2,
    filteredImpressions: 700,
    filteredClicks: 5,
    measuredImpressions: 11000,
    viewableImpressions: 7150,
    viewabilityRate: 65,
  },
  filtered: [
    { reason: 'data_centre', label: 'Data-centre traffic', impressions: 700, clicks: 0 },
    { reason: 'click_too_fast', label: 'Click faster than a person can', impressions: 0, clicks: 5 },
  ],
  daily: [
    { date: '2026-03-30', impressions: 12000, clicks: 30, money: 2.4 },
    { date: '2026-03-31', impressions: 8000, clicks: 10, money: 1.6 },
  ],
  ...over,
});

let reply: () => Report | Response;
const reportCalls = () =>
  sentTo()
    .map((r) => r.url)
    .filter((u) => u.startsWith('/api/reports/'));

beforeEach(() => {
  reply = () => report();
  serve(
    answer(campaignEndpoints.names, [{ id: 4, name: 'Spring sale' }]),
    answer(websiteEndpoints.names, [{ id: 7, name: 'coins.example', domain: 'coins.example', status: 1 }]),
    answer(reportEndpoints.report, () => reply()),
    // The zone picker of a chosen website: none to offer here.
    answer(websiteEndpoints.detail, failure(404, 'Not found')),
  );
});

// Lazy Mantine pickers and several requests per test: a busy machine needs more than 5 s.
describe('reports page', { timeout: 30_000 }, () => {
  it('shows an advertiser the last 7 days by date with totals, cost and the CSV note', async () => {
    saveSession({ userType: 1 });
    renderWithProviders(<ReportsPage />, { route: '/reports/' });
    const { startDate, endDate } = presetRange('last7');
    expect(await screen.findByTestId('total-impressions')).toHaveTextContent('20,000');
    expect(reportCalls()[0]).toBe(
      `/api/reports/all/all?group=report&reportBy=date&startDate=${startDate}&endDate=${endDate}`,
    );
    expect(screen.getByTestId('total-money')).toHaveTextContent('€4.00');
    const table = screen.getByRole('table', { name: 'Report by Date' });
    expect(within(table).getByRole('columnheader', { name: /Cost/ })).toBeInTheDocument();
    expect(within(table).getByText('30 Mar 2026')).toBeInTheDocument();
    expect(within(table).getByText('0.25%')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Filtered impressions/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Filtered clicks/ })).toBeInTheDocument();
    expect(within(table).getByText('700')).toBeInTheDocument();
    expect(screen.getByTestId('total-filtered-impressions')).toHaveTextContent('700');
    expect(screen.getByTestId('total-filtered-clicks')).toHaveTextContent('5');
    const reasons = screen.getByRole('table', { name: 'Filtered traffic' });
    expect(within(reasons).getByText('Data-centre traffic')).toBeInTheDocument();
    expect(within(reasons).getByText('Click faster than a person can')).toBeInTheDocument();
    expect(screen.getAllByText(REPORT_MESSAGES.csvNote).length).toBeGreaterThan(0);
    expect(screen.getByText(REPORT_MESSAGES.utcNote)).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /Impressions per day from 30 Mar to 31 Mar: 20,000 in total/ }),
    ).toBeInTheDocument();
  });

  it('runs the report again with the chosen dimension, period and campaigns on Generate Report', async () => {
    saveSession({ userType: 1 });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { route: '/reports/' });
    await screen.findByTestId('total-impressions');
    await user.click(screen.getByLabelText('Reports By', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Zones' }));
    await user.click(screen.getByLabelText('Period', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Yesterday' }));
    await user.click(screen.getByLabelText('Campaigns', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Spring sale (#4)' }));
    // Nothing runs before Generate Report.
    expect(reportCalls()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    const { startDate, endDate } = presetRange('yesterday');
    await waitFor(() =>
      expect(reportCalls().at(-1)).toBe(
        `/api/reports/4/all?group=report&reportBy=zone&startDate=${startDate}&endDate=${endDate}`,
      ),
    );
  });

  it('offers publishers their websites and dimensions without Campaign and Zones, and shows Earnings', async () => {
    saveSession({ userType: 2 });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { route: '/reports/?by=campaign' });
    expect(await screen.findByTestId('total-money')).toHaveTextContent('€4.00');
    expect(screen.getByText('Earnings', { selector: 'p' })).toBeInTheDocument();
    // A dimension publishers do not have falls back to Date.
    expect(reportCalls()[0]).toContain('reportBy=date');
    await user.click(screen.getByLabelText('Reports By', { selector: 'input' }));
    expect(screen.queryByRole('option', { name: 'Campaign' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText('Websites', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'coins.example' }));
    await user.click(screen.getByRole('button', { name: 'Generate Report' }));
    await waitFor(() => expect(reportCalls().at(-1)).toMatch(/^\/api\/reports\/all\/7\?group=report/));
  });

  it('shows measured and viewable impressions and the viewability rate, in the table, the totals and the CSV', async () => {
    saveSession({ userType: 2 });
    renderWithProviders(<ReportsPage />, { route: '/reports/' });
    expect(await screen.findByTestId('total-viewability')).toHaveTextContent('65.00%');
    expect(screen.getByTestId('total-viewability-note')).toHaveTextContent('7,150 of 11,000 measured');
    const table = screen.getByRole('table', { name: 'Report by Date' });
    for (const header of [/Measured impressions/, /Viewable impressions/, /^Viewability/])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(table).getByText('65.00%')).toBeInTheDocument();
    expect(within(table).getByText('—')).toBeInTheDocument();

    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [header, ...lines] = ((await blob?.text()) ?? '').split('\r\n');
    const columns = header?.split(',') ?? [];
    const at = (name: string) => columns.indexOf(name);
    expect(at('Measured impressions')).toBeGreaterThan(at('eCPM'));
    const cells = (date: string) => lines.find((l) => l.startsWith(date))?.split(',') ?? [];
    const picked = (date: string) =>
      ['Measured impressions', 'Viewable impressions', 'Viewability'].map((c) => cells(date)[at(c)]);
    expect(picked('2026-03-30')).toEqual(['11000', '7150', '65']);
    // Not measured: an empty cell, never 0.
    expect(picked('2026-03-31')).toEqual(['0', '0', '']);
    vi.restoreAllMocks();
  });

  it('says No data available. for a period without traffic', async () => {
    saveSession({ userType: 1 });
    reply = () => report({ rows: [], totals: figures, daily: [], filtered: [] });
    renderWithProviders(<ReportsPage />, { route: '/reports/' });
    expect(await screen.findByText('No data available.')).toBeInTheDocument();
    expect(screen.getByTestId('total-impressions')).toHaveTextContent('0');
  });

  it('shows the server reason and a retry when the report fails', async () => {
    saveSession({ userType: 1 });
    reply = () => failure(400, REPORT_MESSAGES.tooLong);
    renderWithProviders(<ReportsPage />, { route: '/reports/' });
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.tooLong);
    reply = () => report();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('total-impressions')).toHaveTextContent('20,000');
  });
});
