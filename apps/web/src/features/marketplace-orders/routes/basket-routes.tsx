import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../ui/not-found-page';
import { BasketPage } from '../components/basket-page';

/** /cart/ and /wishlist/ (docs/product/marketplace.md#wishlist-and-cart): each section shows its list at its root. */
export function BasketRoutes({ list }: { list: 'cart' | 'wishlist' }) {
  return (
    <Routes>
      <Route index element={<BasketPage list={list} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
