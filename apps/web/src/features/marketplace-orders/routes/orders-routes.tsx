import { Route, Routes } from 'react-router';
import { routePatterns } from '@cryptads/contract/paths';
import { NotFoundPage } from '../../../ui/not-found-page';
import { OrdersPage } from './orders-page';

/** /orders/ and /orders/{unique}/ (docs/product/marketplace.md#orders). */
export function OrdersRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route path={routePatterns.orders.detail} element={<OrdersPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
