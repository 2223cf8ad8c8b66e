import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sellerEndpoints } from '@cryptads/contract/endpoints/sellers';
import type { SellerListing } from '@cryptads/contract/sellers';
import { SELLER_LISTING_MESSAGES } from '@cryptads/contract/websites-messages';
import { answer, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { SellerListingPage } from './seller-listing-page';

const M = SELLER_LISTING_MESSAGES;
let listing: SellerListing;

beforeEach(() => {
  listing = {
    sellerId: '0a1b2c3d4e5f6789',
    confidential: false,
    chosen: false,
    listed: true,
    name: 'Acme Media Ltd',
    domain: 'acme.example',
  };
  serve(
    answer(sellerEndpoints.listing, () => listing),
    answer(sellerEndpoints.updateListing, (request) => {
      const { confidential } = request.body as { confidential: boolean };
      listing = confidential
        ? { ...listing, confidential, chosen: true, name: null, domain: null }
        : { ...listing, confidential, chosen: true, name: 'Acme Media Ltd', domain: 'acme.example' };
      return listing;
    }),
  );
});

describe('SellerListingPage', () => {
  it('shows the seller id and what buyers see, and switches to confidential and back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SellerListingPage />, { route: '/settings/sellers/' });
    expect(await screen.findByTestId('seller-id')).toHaveTextContent('0a1b2c3d4e5f6789');
    expect(screen.getByTestId('seller-listed-as')).toHaveTextContent(M.listedAs('Acme Media Ltd', 'acme.example'));
    const toggle = screen.getByRole('switch', { name: new RegExp(M.confidentialLabel) });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('seller-listed-as')).toHaveTextContent(M.listedConfidential));
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sentTo(sellerEndpoints.updateListing).map((r) => r.body)).toEqual([
      { confidential: true },
      { confidential: false },
    ]);
  });

  it('says when the publisher is not listed yet', async () => {
    listing = { ...listing, listed: false, name: null, domain: null };
    renderWithProviders(<SellerListingPage />, { route: '/settings/sellers/' });
    expect(await screen.findByTestId('seller-listed-as')).toHaveTextContent(M.notListed);
  });
});
