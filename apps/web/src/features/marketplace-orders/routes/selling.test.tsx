import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketplaceSellingEndpoints as api } from '@cryptads/contract/endpoints/marketplace-selling';
import type { IncomingItem, MyListing } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { answer, failure, sentTo, serve } from '../../../testing/http';
import { renderWithProviders } from '../../../testing/render';
import { incomingItem, myListing, signIn } from '../testing/fixtures';
import { SellingRoutes } from './selling-routes';

configure({ asyncUtilTimeout: 5000 });

let listings: MyListing[];
let items: IncomingItem[];

beforeEach(() => {
  signIn(2);
  listings = [];
  items = [];
  serve(
    answer(api.myListings, () => ({ listings })),
    answer(api.incoming, () => ({ items })),
    answer(api.canSell, () => ({ canSell: true, waiting: items.filter((i) => i.state === 'pending').length })),
  );
});

const renderSelling = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/selling/*" element={<SellingRoutes />} />
    </Routes>,
    { route },
  );

const replace = (next: IncomingItem) => {
  items = items.map((i) => (i.id === next.id ? next : i));
  return next;
};

describe('My Listings', () => {
  it('lists every status, the reject reason, sales, and links only an active listing', async () => {
    listings = [
      myListing('ACT', { title: 'Live one', status: 1, sold: 5, completed: 4 }),
      myListing('REJ', { title: 'Refused one', status: 2, rejectReason: 'The site has no traffic.' }),
      myListing('PEN', { title: 'Waiting one', status: 0 }),
    ];
    renderSelling('/selling/listings/');
    const table = await screen.findByTestId('my-listings-table');
    expect(within(table).getByRole('link', { name: 'Live one' })).toHaveAttribute('href', '/marketplace/listing/ACT/');
    expect(within(table).queryByRole('link', { name: 'Refused one' })).not.toBeInTheDocument();
    expect(within(table).getByTestId('my-listing-reason')).toHaveTextContent('The site has no traffic.');
    expect(
      within(table)
        .getAllByTestId('my-listing-status')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['Active', 'Rejected', 'Waiting for review']));
  });

  it('says so when there are none', async () => {
    renderSelling('/selling/listings/');
    expect(await screen.findByText(/You have no listings yet/)).toBeInTheDocument();
  });

  it('is for publishers only', async () => {
    signIn(1);
    renderSelling('/selling/listings/');
    expect(await screen.findByTestId('selling-publishers-only')).toHaveTextContent(M.listingRequestsPublisherOnly);
  });
});

describe('Incoming Orders', () => {
  it('shows the buyer, the page to link to, the payout and the accept-by timer; Accept takes it on', async () => {
    items = [incomingItem(7)];
    serve(
      answer(api.accept, () =>
        replace(
          incomingItem(7, {
            state: 'accepted',
            acceptedAt: '2026-11-21T10:00:00.000Z',
            completeBy: '2030-01-10T10:00:00.000Z',
          }),
        ),
      ),
    );
    renderSelling('/selling/orders/');
    const card = await screen.findByTestId('incoming-item');
    expect(within(card).getByRole('link', { name: 'ada@buyer.example' })).toHaveAttribute(
      'href',
      'mailto:ada@buyer.example',
    );
    expect(within(card).getByTestId('incoming-target')).toHaveTextContent('https://ada.example/launch');
    expect(within(card).getByTestId('incoming-payout')).toHaveTextContent('€150.00 / €120.00');
    expect(within(card).getByTestId('item-accept')).toHaveTextContent(
      /^Accept by \d+ Jan 2030, \d\d:\d\d \(in [\d,]+ days\)$/,
    );
    await userEvent.click(within(card).getByTestId('accept-item'));
    await waitFor(() => expect(within(card).getByTestId('item-state')).toHaveTextContent('Accepted'));
    expect(within(card).getByTestId('deliver-item')).toBeInTheDocument();
    expect(sentTo(api.accept)[0]?.url).toBe('/api/marketplace/selling/items/7/accept');
  });

  it('denies with a reason the buyer reads', async () => {
    items = [incomingItem(8)];
    serve(
      answer(api.deny, ({ body }) =>
        replace(
          incomingItem(8, {
            state: 'denied',
            denyReason: (body as { reason: string }).reason,
            refunded: 150,
          }),
        ),
      ),
    );
    renderSelling('/selling/orders/');
    await userEvent.click(await screen.findByTestId('deny-item'));
    const modal = await screen.findByTestId('deny-modal');
    await userEvent.click(within(modal).getByTestId('deny-submit'));
    expect(await within(modal).findByText(M.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(modal).getByTestId('deny-reason'), 'We do not cover casinos.');
    await userEvent.click(within(modal).getByTestId('deny-submit'));
    expect(await screen.findByText(/The order is denied/)).toBeInTheDocument();
    expect(sentTo(api.deny)[0]?.body).toEqual({ reason: 'We do not cover casinos.' });
    // The denied item has left "To do".
    await userEvent.click(screen.getByRole('radio', { name: /^All/ }));
    expect(screen.getByTestId('item-denied')).toHaveTextContent('Denied: We do not cover casinos.');
    expect(screen.getByTestId('item-refund')).toHaveTextContent('€150.00 refunded to the buyer');
  });

  it('delivers with the proof URL and shows what the check found', async () => {
    items = [incomingItem(9, { state: 'accepted', completeBy: '2030-01-10T10:00:00.000Z' })];
    serve(
      answer(api.deliver, ({ body }) =>
        replace(
          incomingItem(9, {
            state: 'delivered',
            proofUrl: (body as { proofUrl: string }).proofUrl,
            deliveryDate: (body as { deliveryDate: string }).deliveryDate,
            proofCheck: {
              checkedAt: '2026-11-21T10:00:00.000Z',
              live: true,
              httpStatus: 200,
              linksToTarget: true,
              rel: 'dofollow',
              broken: false,
              problem: null,
            },
          }),
        ),
      ),
    );
    renderSelling('/selling/orders/');
    await userEvent.click(await screen.findByTestId('deliver-item'));
    const modal = await screen.findByTestId('deliver-modal');
    await userEvent.type(within(modal).getByTestId('deliver-proof-url'), 'not a url');
    await userEvent.click(within(modal).getByTestId('deliver-submit'));
    expect(await within(modal).findByText(M.proofUrlInvalid)).toBeInTheDocument();
    await userEvent.clear(within(modal).getByTestId('deliver-proof-url'));
    await userEvent.type(within(modal).getByTestId('deliver-proof-url'), 'https://news.example/ada');
    await userEvent.clear(within(modal).getByTestId('deliver-date'));
    await userEvent.type(within(modal).getByTestId('deliver-date'), '20/11/2026');
    await userEvent.click(within(modal).getByTestId('deliver-submit'));
    await waitFor(() => expect(screen.queryByTestId('deliver-modal')).not.toBeInTheDocument());
    expect(sentTo(api.deliver)[0]?.body).toEqual({ proofUrl: 'https://news.example/ada', deliveryDate: '2026-11-20' });
    await userEvent.click(screen.getByRole('radio', { name: /^In review/ }));
    const check = await screen.findByTestId('proof-check');
    expect(check).toHaveAttribute('data-broken', 'false');
    expect(check).toHaveTextContent('Page is live (HTTP 200)');
    expect(check).toHaveTextContent('Link to the promoted page found');
    expect(check).toHaveTextContent('Link is dofollow');
  });

  it('keeps the deliver form open with the server’s reason when it refuses', async () => {
    items = [incomingItem(9, { state: 'accepted' })];
    serve(answer(api.deliver, failure(409, M.itemWrongState)));
    renderSelling('/selling/orders/');
    await userEvent.click(await screen.findByTestId('deliver-item'));
    const modal = await screen.findByTestId('deliver-modal');
    await userEvent.type(within(modal).getByTestId('deliver-proof-url'), 'https://news.example/ada');
    await userEvent.click(within(modal).getByTestId('deliver-submit'));
    expect(await within(modal).findByText(M.itemWrongState)).toBeInTheDocument();
  });

  it('says so when nothing was ordered yet', async () => {
    renderSelling('/selling/orders/');
    expect(await screen.findByTestId('incoming-empty')).toBeInTheDocument();
  });
});
