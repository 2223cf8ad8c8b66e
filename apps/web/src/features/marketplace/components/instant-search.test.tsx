import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceEndpoints as api } from '@cryptads/contract/endpoints/marketplace';
import { answer, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { LocationProbe, listingFixture, listings, probedUrl } from '../testing/fixtures';
import { InstantSearchBox } from './instant-search';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  serve(
    answer(api.instantSearchFocus, { searches: ['press release', 'bitcoin'], listings: listings(2) }),
    answer(api.instantSearch, ({ query }) => {
      const q = query.get('q') ?? '';
      if (q === 'zzzz') return { listings: [] };
      if (q === 'bitcoin')
        return { listings: [listingFixture({ unique: 'btc_1', title: 'Bitcoin Weekly review', finalPrice: 250 })] };
      // More than the box shows: it keeps to 10 whatever the server answers.
      return { listings: listings(12) };
    }),
  );
});

const renderBox = () =>
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <InstantSearchBox />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route: '/marketplace/' },
  );

const box = () => screen.getByRole('combobox', { name: 'Search listings' });
const location = () => probedUrl(screen.getByTestId('location').textContent);

describe('instant search', () => {
  it('offers what others searched for when empty, and searches the one chosen', async () => {
    const user = userEvent.setup();
    renderBox();
    expect(sentTo(api.instantSearchFocus)).toEqual([]);
    await user.click(box());
    expect(await screen.findByText('Others also searched for:')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: 'bitcoin' }));
    expect(box()).toHaveValue('bitcoin');
    expect(await screen.findByRole('option', { name: /Bitcoin Weekly review/ })).toBeInTheDocument();
    expect(sentTo(api.instantSearch).map((r) => r.query.get('q'))).toEqual(['bitcoin']);
  });

  it('asks once per pause in typing and lists at most 10 listings, each opening its page', async () => {
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'crypto');
    await waitFor(() => expect(screen.getAllByTestId('instant-result')).toHaveLength(10));
    expect(sentTo(api.instantSearch).map((r) => r.query.get('q'))).toEqual(['crypto']);
    await user.click(screen.getByRole('option', { name: /Listing 3\b/ }));
    expect(location().pathname).toBe('/marketplace/listing/lst_3/');
    expect(box()).toHaveValue('');
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'zzzz');
    expect(await screen.findByText('No listings found.')).toBeInTheDocument();
    expect(screen.queryByTestId('instant-result')).not.toBeInTheDocument();
  });

  it('opens Filter Listings with the text on Enter', async () => {
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'press release{Enter}');
    expect(location().pathname).toBe('/marketplace/listings/');
    expect(location().searchParams.get('q')).toBe('press release');
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    const user = userEvent.setup();
    renderBox();
    await user.type(box(), 'bitcoin');
    await screen.findByRole('option', { name: /Bitcoin Weekly review/ });
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(location().pathname).toBe('/marketplace/listing/btc_1/');
  });
});
