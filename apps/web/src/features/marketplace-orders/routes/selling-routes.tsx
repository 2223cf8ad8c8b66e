import { Route, Routes } from 'react-router';
import { AccountType } from '@cryptads/contract/account-types';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { routePatterns } from '@cryptads/contract/paths';
import { useSession } from '../../../lib/session';
import { Notice } from '../../../ui/notice';
import { NotFoundPage } from '../../../ui/not-found-page';
import { IncomingOrdersPage } from './incoming-orders-page';
import { MyListingsPage } from './my-listings-page';

/** /selling/listings/ and /selling/orders/: publishers only (the server refuses anyone else). */
export function SellingRoutes() {
  const session = useSession();
  if (session?.userType !== AccountType.Publisher)
    return (
      <Notice color="blue" title={M.listingRequestsPublisherOnly} data-testid="selling-publishers-only">
        My Listings and Incoming Orders are where publishers manage what they sell.
      </Notice>
    );
  return (
    <Routes>
      <Route path={routePatterns.selling.listings} element={<MyListingsPage />} />
      <Route path={routePatterns.selling.orders} element={<IncomingOrdersPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
