import { Badge, Button } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { type Column, DataTable, type TableSort } from './data-table';

type Site = { id: number; domain: string; impressions: number; status: string; added: string; zones: number };

const sites: Site[] = Array.from({ length: 12 }, (_, n) => ({
  id: n + 1,
  domain: `site-${String(n + 1).padStart(2, '0')}.example`,
  // Out of order, and 9 < 10 < 100 only when compared as numbers.
  impressions: [9, 100, 10, 55, 3, 1000, 7, 42, 8, 600, 2, 11][n] ?? 0,
  status: n % 3 === 0 ? 'Pending review' : 'Active',
  added: `2025-01-${String(n + 1).padStart(2, '0')}`,
  zones: n,
}));

const columns: Column<Site>[] = [
  { key: 'domain', header: 'Website', value: (s) => s.domain, role: 'primary' },
  { key: 'impressions', header: 'Impressions', value: (s) => s.impressions, align: 'right' },
  {
    key: 'status',
    header: 'Status',
    value: (s) => s.status,
    render: (s) => <Badge>{s.status}</Badge>,
    role: 'status',
  },
  { key: 'added', header: 'Added', value: (s) => s.added },
  { key: 'zones', header: 'Zones', value: (s) => s.zones },
  { key: 'notes', header: 'Notes', value: () => 'none' },
  {
    key: 'open',
    header: 'Action',
    render: (s) => <Button aria-label={`Open ${s.domain}`}>Open</Button>,
    role: 'actions',
  },
];

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'My websites' }))
    .getAllByRole('row')
    .slice(1);
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent);

/** A table whose selection its owner keeps, as the back office does. */
function Selectable() {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <output data-testid="selected">{selected.join(' ')}</output>
      <DataTable
        label="My websites"
        columns={columns}
        rows={sites}
        rowKey={(s) => s.id}
        selection={{ selected, onChange: setSelected, rowLabel: (s) => `Select #${s.id}` }}
      />
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable on the client', () => {
  it('shows 10 rows a page, the count, and the next page', async () => {
    renderWithProviders(<DataTable label="My websites" columns={columns} rows={sites} rowKey={(s) => s.id} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('12 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(firstCells()).toEqual(['site-11.example', 'site-12.example']);
  });

  it('sorts a numeric column by number, then the other way, from page 1', async () => {
    renderWithProviders(<DataTable label="My websites" columns={columns} rows={sites} rowKey={(s) => s.id} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Impressions' }));
    const header = screen.getByRole('columnheader', { name: 'Impressions' });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      '2',
      '3',
      '7',
      '8',
      '9',
      '10',
      '11',
      '42',
      '55',
      '100',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Impressions' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent('1000');
  });

  it('searches every column from 10 rows, recounts, and says when nothing matches', async () => {
    const { rerender } = renderWithProviders(
      <DataTable label="My websites" columns={columns} rows={sites.slice(0, 9)} rowKey={(s) => s.id} />,
    );
    expect(screen.queryByRole('textbox', { name: 'Search My websites' })).not.toBeInTheDocument();
    rerender(<DataTable label="My websites" columns={columns} rows={sites} rowKey={(s) => s.id} />);
    const search = screen.getByRole('textbox', { name: 'Search My websites' });
    await userEvent.type(search, 'pending');
    expect(firstCells()).toEqual(['site-01.example', 'site-04.example', 'site-07.example', 'site-10.example']);
    expect(screen.getByText('4 entries')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nowhere');
    expect(screen.getByText('No data available.')).toBeInTheDocument();
    expect(screen.getByText('0 entries')).toBeInTheDocument();
  });

  it('exports the searched, sorted rows of every page, without the columns that have no value', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(
      <DataTable
        label="My websites"
        columns={columns}
        rows={sites}
        rowKey={(s) => s.id}
        csvFileName="websites.csv"
        initialSort={{ key: 'impressions', direction: 'desc' }}
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Search My websites' }), 'active');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await blob?.text())?.split('\r\n') ?? [];
    expect(lines[0]).toBe('Website,Impressions,Status,Added,Zones,Notes');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['1000', '100', '42', '11', '10', '8', '3', '2']);
  });

  it('shows the loading placeholders, the failure with a retry, and the empty text', async () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(
      <DataTable label="My websites" columns={columns} rows={[]} rowKey={(s) => s.id} state={{ loading: true }} />,
    );
    expect(screen.getByTestId('table-loading')).toHaveAttribute('aria-busy', 'true');
    rerender(
      <DataTable
        label="My websites"
        columns={columns}
        rows={[]}
        rowKey={(s) => s.id}
        state={{ error: new Error('Network down'), onRetry, errorTitle: 'We could not load your websites' }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load your websites');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(
      <DataTable label="My websites" columns={columns} rows={[]} rowKey={(s) => s.id} emptyText="No websites yet." />,
    );
    expect(screen.getByText('No websites yet.')).toBeInTheDocument();
  });

  it('selects rows one by one and every row of the page', async () => {
    renderWithProviders(<Selectable />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select #2' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every row of this page' }));
    expect(screen.getByTestId('selected').textContent?.split(' ').sort()).toEqual(
      ['1', '10', '2', '3', '4', '5', '6', '7', '8', '9'].sort(),
    );
    expect(screen.getByRole('checkbox', { name: 'Select every row of this page' })).toBeChecked();
  });
});

describe('DataTable on the server', () => {
  it('shows the page the server sent and reports the page, the sort and the search', async () => {
    const onPageChange = vi.fn();
    const onSortChange = vi.fn<(sort: TableSort) => void>();
    const onSearchChange = vi.fn();
    renderWithProviders(
      <DataTable
        label="My websites"
        columns={columns}
        rows={sites.slice(10)}
        rowKey={(s) => s.id}
        server={{
          total: 52,
          page: 2,
          pageSize: 10,
          onPageChange,
          sort: { key: 'added', direction: 'desc' },
          onSortChange,
          search: '',
          onSearchChange,
        }}
        searchBox={{ label: 'Search websites', description: 'Domain or owner' }}
      />,
    );
    expect(firstCells()).toEqual(['site-11.example', 'site-12.example']);
    expect(screen.getByText('52 entries')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Added' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onPageChange).toHaveBeenLastCalledWith(6, 10);
    await userEvent.click(screen.getByRole('button', { name: 'Added' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'added', direction: 'asc' });
    await userEvent.click(screen.getByRole('button', { name: 'Zones' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'zones', direction: 'asc' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search websites' }), { target: { value: 'site-5' } });
    expect(onSearchChange).toHaveBeenLastCalledWith('site-5');
  });
});

describe('DataTable on a phone', () => {
  const phone = () =>
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );

  it('shows each row as a card with its key value, its whole status and its action', async () => {
    phone();
    renderWithProviders(<DataTable label="My websites" columns={columns} rows={sites} rowKey={(s) => s.id} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'My websites' })).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('site-01.example')).toBeVisible();
    expect(within(first).getByText('Pending review')).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Open site-01.example' })).toBeVisible();
    // Three details at first, the others on demand.
    expect(within(first).getByText('Impressions')).toBeInTheDocument();
    const more = within(first).getByRole('button', { name: 'More details' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(first).getByRole('button', { name: 'Fewer details' })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(first).getByText('Notes')).toBeVisible());
  });

  it('sorts from a menu instead of the headers', async () => {
    phone();
    renderWithProviders(<DataTable label="My websites" columns={columns} rows={sites} rowKey={(s) => s.id} />);
    await userEvent.click(screen.getByPlaceholderText('Sort by'));
    await userEvent.click(await screen.findByRole('option', { name: 'Impressions ↓' }));
    const cards = within(screen.getByRole('list', { name: 'My websites' })).getAllByRole('listitem');
    expect(within(cards[0] as HTMLElement).getByText('site-06.example')).toBeInTheDocument();
  });
});
