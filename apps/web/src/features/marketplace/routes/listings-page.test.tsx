import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceEndpoints as api } from '@cryptads/contract/endpoints/marketplace';
import type { ListingStats } from '@cryptads/contract/marketplace';
import { answer, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { LocationProbe, listings, probedUrl, searchResult } from '../testing/fixtures';
import { ListingsPage } from './listings-page';

configure({ asyncUtilTimeout: 5000 });

const stats: ListingStats = {
  total: 40,
  totalByCategory: { '0': 12, '1': 28 },
  totalByLanguage: { English: 30, German: 10 },
  minimumAndMaximum: { minimum: 25, maximum: 2500 },
};

let resultCount: number;
let view: 'grid' | 'list';

beforeEach(() => {
  resultCount = 40;
  view = 'grid';
  serve(
    answer(api.listingStats, stats),
    answer(api.preferredWebsites, { websites: ['coinjournal.example', 'defidaily.example'] }),
    answer(api.available, { count: 7 }),
    answer(api.search, ({ body }) => {
      const page = (body as { page: number }).page;
      const onPage = Math.max(0, Math.min(18, resultCount - (page - 1) * 18));
      return searchResult(listings(onPage, (page - 1) * 18 + 1), resultCount, page);
    }),
    answer(api.displayView, () => ({ view })),
    answer(api.setDisplayView, ({ body }) => {
      view = (body as { view: 'grid' | 'list' }).view;
      return { view };
    }),
  );
});

const renderAt = (url: string) =>
  renderWithProviders(
    <Routes>
      <Route
        path="/marketplace/listings/"
        element={
          <>
            <ListingsPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route: url },
  );

const location = () => probedUrl(screen.getByTestId('location').textContent);
const lastSearch = () => sentTo(api.search).at(-1)?.body;
const chipLabels = () => screen.queryAllByTestId('filter-chip').map((chip) => chip.textContent);

describe('Filter Listings', () => {
  it('asks for what the URL says and shows the count, the cards and the applied filters', async () => {
    renderAt('/marketplace/listings/?category=1&language=German&minPrice=50&dofollowLinks=YES&sort=newest&page=2');
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 19–36 of 40 listings'));
    expect(lastSearch()).toEqual({
      category: [1],
      language: ['German'],
      minPrice: 50,
      dofollowLinks: 'YES',
      page: 2,
      sort: 'newest',
    });
    const cards = screen.getAllByTestId('listing-card');
    expect(cards).toHaveLength(18);
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Listing 19' })).toHaveAttribute(
      'href',
      '/marketplace/listing/lst_19/',
    );
    expect(chipLabels()).toEqual(['Sponsored Article', 'German', 'From €50.00', 'Dofollow links: Yes']);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('removes one filter with its chip, and all with Clear all, back to page 1', async () => {
    const user = userEvent.setup();
    renderAt('/marketplace/listings/?category=0&category=1&maxPrice=900&page=2');
    await screen.findByTestId('results');
    await user.click(screen.getByRole('button', { name: 'Remove filter Press Release' }));
    await waitFor(() => expect(location().search).toBe('?category=1&maxPrice=900'));
    await waitFor(() => expect(lastSearch()).toEqual({ category: [1], maxPrice: 900, page: 1, sort: 'trending' }));
    expect(chipLabels()).toEqual(['Sponsored Article', 'Up to €900.00']);

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(chipLabels()).toEqual([]);
    await waitFor(() => expect(lastSearch()).toEqual({ page: 1, sort: 'trending' }));
  });

  it('sorts and pages through the URL; a new sort starts again at page 1', async () => {
    const user = userEvent.setup();
    renderAt('/marketplace/listings/?q=press');
    await screen.findByTestId('results');
    expect(lastSearch()).toEqual({ q: 'press', page: 1, sort: 'trending' });

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(location().search).toBe('?q=press&page=3'));
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 37–40 of 40 listings'));

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Price: Low to High' }));
    await waitFor(() => expect(location().search).toBe('?q=press&sort=lowtohigh'));
    await waitFor(() => expect(lastSearch()).toEqual({ q: 'press', page: 1, sort: 'lowtohigh' }));
  });

  it('shows the defaults for a URL it cannot read, and rewrites the URL to them', async () => {
    renderAt('/marketplace/listings/?sort=cheapest&page=-1&category=99&dofollowLinks=maybe');
    await screen.findByTestId('results');
    expect(sentTo(api.search).map((r) => r.body)).toContainEqual({ page: 1, sort: 'trending' });
    await waitFor(() => expect(location().search).toBe(''));
    expect(chipLabels()).toEqual([]);
  });

  it('goes to the last page when a bookmarked page is past it', async () => {
    resultCount = 20;
    renderAt('/marketplace/listings/?page=5');
    await waitFor(() => expect(location().search).toBe('?page=2'));
    await waitFor(() => expect(screen.getByTestId('result-count')).toHaveTextContent('Showing 19–20 of 20 listings'));
  });

  it('says no listings were found and offers to clear all filters', async () => {
    const user = userEvent.setup();
    resultCount = 0;
    renderAt('/marketplace/listings/?website=nowhere.example&gamblingAllowed=YES');
    const empty = await screen.findByTestId('results-empty');
    expect(within(empty).getByText('No listings found')).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('No listings match these filters');
    await user.click(within(empty).getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('switches to the list view and keeps the choice for the account', async () => {
    const user = userEvent.setup();
    renderAt('/marketplace/listings/');
    expect(await screen.findByTestId('results')).toHaveAttribute('data-view', 'grid');
    await user.click(screen.getByRole('radio', { name: 'List view' }));
    expect(screen.getByTestId('results')).toHaveAttribute('data-view', 'list');
    await waitFor(() => expect(sentTo(api.setDisplayView).map((r) => r.body)).toEqual([{ view: 'list' }]));
  });

  it('applies what the filter panel sets: categories with counts, price and yes/no filters', async () => {
    const user = userEvent.setup();
    renderAt('/marketplace/listings/?sort=hightolow');
    await screen.findByTestId('results');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByTestId('filter-panel');
    await user.click(within(panel).getByRole('checkbox', { name: 'Press Release (12)' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'German (10)' }));
    // Languages no listing uses are not offered.
    expect(within(panel).queryByRole('checkbox', { name: /Korean/ })).not.toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Min (€)'), '100');
    await user.type(within(panel).getByLabelText('Max (€)'), 'lots');
    expect(within(panel).getByText('Enter an amount in euros, like 250 or 99.50.')).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Max (€)'));
    await user.type(within(panel).getByLabelText('Max (€)'), '1,000');
    const dofollow = within(panel).getByRole('radiogroup', { name: 'Dofollow links' });
    await user.click(within(dofollow).getByRole('radio', { name: 'No' }));
    await waitFor(() =>
      expect(sentTo(api.available).at(-1)?.body).toEqual({
        category: [0],
        language: ['German'],
        minPrice: 100,
        maxPrice: 1000,
        dofollowLinks: 'NO',
      }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Show 7 listings' }));
    await waitFor(() =>
      expect(location().search).toBe(
        '?category=0&language=German&minPrice=100&maxPrice=1000&dofollowLinks=NO&sort=hightolow',
      ),
    );
    expect(chipLabels()).toEqual(['Press Release', 'German', 'From €100.00', 'Up to €1,000.00', 'Dofollow links: No']);
  });
});
