import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { marketplaceEndpoints as api } from '@cryptads/contract/endpoints/marketplace';
import { answer, failure, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { listings } from '../testing/fixtures';
import { MarketplaceTeaser } from './marketplace-teaser';

configure({ asyncUtilTimeout: 5000 });

describe('the dashboard’s marketplace teaser', () => {
  it('shows 6 listings, each linking to its page, and a way into the marketplace', async () => {
    serve(answer(api.homepage, { rows: [], teaser: listings(7) }));
    renderWithProviders(<MarketplaceTeaser />);
    const teaser = await screen.findByTestId('marketplace-teaser');
    const links = await within(teaser).findAllByTestId('listing-link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => `/marketplace/listing/lst_${i}/`),
    );
    expect(within(teaser).getByRole('link', { name: 'Browse the marketplace' })).toHaveAttribute(
      'href',
      '/marketplace/',
    );
  });

  it('says when there is nothing on offer, and offers to try again after a failure', async () => {
    const user = userEvent.setup();
    // Handlers added later are asked first: the failure answers once, then the empty teaser.
    serve(answer(api.homepage, { rows: [], teaser: [] }));
    serve(answer(api.homepage, failure(500, 'Something broke.'), { once: true }));
    renderWithProviders(<MarketplaceTeaser />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No listings are on offer yet.')).toBeInTheDocument();
  });
});
