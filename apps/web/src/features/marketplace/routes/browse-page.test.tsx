import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceEndpoints as api } from '@cryptads/contract/endpoints/marketplace';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { LocationProbe, listingFixture, listings, probedUrl } from '../testing/fixtures';
import { MARKETPLACE_MESSAGES } from '@cryptads/contract/marketplace-messages';
import { BrowsePage } from './browse-page';
import { ListingPage } from './listing-page';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  serve(
    answer(api.listingStats, {
      total: 9,
      totalByCategory: { '0': 3, '7': 6 },
      totalByLanguage: { English: 9 },
      minimumAndMaximum: { minimum: 40, maximum: 900 },
    }),
    answer(api.preferredWebsites, { websites: ['coinjournal.example'] }),
    answer(api.available, { count: 3 }),
    answer(api.homepage, {
      rows: [
        { category: 0, total: 3, listings: listings(3) },
        {
          category: 7,
          total: 6,
          listings: [listingFixture({ unique: 'ban_1', title: 'Leaderboard banner', category: 7 })],
        },
        { category: 2, total: 0, listings: [] },
      ],
      teaser: listings(6),
    }),
  );
});

const renderHome = () =>
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <BrowsePage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route: '/marketplace/' },
  );

const location = () => probedUrl(screen.getByTestId('location').textContent);

describe('Browse Listings', () => {
  it('says that a listing does not exist when a bad listing link brought the person here', async () => {
    const user = userEvent.setup();
    serve(answer(api.listing, failure(404, MARKETPLACE_MESSAGES.listingNotFound)));
    renderWithProviders(
      <Routes>
        <Route path="/marketplace/listing/:unique/" element={<ListingPage />} />
        <Route
          path="/marketplace/"
          element={
            <>
              <BrowsePage />
              <LocationProbe />
            </>
          }
        />
      </Routes>,
      { route: '/marketplace/listing/lst_missing/' },
    );
    expect(await screen.findByTestId('listing-gone')).toHaveTextContent(MARKETPLACE_MESSAGES.listingNotFound);
    expect(location().pathname).toBe('/marketplace/');
    await user.click(screen.getByRole('button', { name: 'Dismiss the message' }));
    expect(screen.queryByTestId('listing-gone')).not.toBeInTheDocument();
  });

  it('opens without that message otherwise', async () => {
    renderHome();
    expect(await screen.findAllByTestId('category-row')).not.toHaveLength(0);
    expect(screen.queryByTestId('listing-gone')).not.toBeInTheDocument();
  });

  it('shows the two banners and one row per category with listings', async () => {
    renderHome();
    const rows = await screen.findAllByTestId('category-row');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Press Release', 'Banner Ads']);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Leaderboard banner' })).toHaveAttribute(
      'href',
      '/marketplace/listing/ban_1/',
    );
    expect(within(screen.getByTestId('banner-packages')).getByRole('link')).toHaveAttribute('href', '/packages/');
    expect(within(screen.getByTestId('banner-listings')).getByText(/9 placements/)).toBeInTheDocument();
  });

  it('opens Filter Listings with the category of the row chosen', async () => {
    const user = userEvent.setup();
    renderHome();
    const rows = await screen.findAllByTestId('category-row');
    await user.click(within(rows[1] as HTMLElement).getByRole('link', { name: 'Banner Ads' }));
    expect(location().pathname).toBe('/marketplace/listings/');
    expect(location().search).toBe('?category=7');
  });

  it('sends the filters of the panel to the results in the URL', async () => {
    const user = userEvent.setup();
    renderHome();
    await screen.findAllByTestId('category-row');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByTestId('filter-panel');
    await user.click(within(panel).getByRole('checkbox', { name: 'Banner Ads (6)' }));
    await user.type(within(panel).getByLabelText('Max (€)'), '500');
    const gambling = within(panel).getByRole('radiogroup', { name: 'Gambling allowed' });
    await user.click(within(gambling).getByRole('radio', { name: 'Yes' }));
    await waitFor(() =>
      expect(sentTo(api.available).at(-1)?.body).toEqual({ category: [7], maxPrice: 500, gamblingAllowed: 'YES' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Show 3 listings' }));
    expect(location().pathname).toBe('/marketplace/listings/');
    expect(location().search).toBe('?category=7&maxPrice=500&gamblingAllowed=YES');
  });

  it('says when the marketplace cannot be loaded and tries again', async () => {
    const user = userEvent.setup();
    serve(answer(api.homepage, failure(503, 'The marketplace is resting.'), { once: true }));
    renderHome();
    const error = await screen.findByTestId('browse-error');
    expect(error).toHaveTextContent('The marketplace is resting.');
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('category-row')).toHaveLength(2);
  });
});
