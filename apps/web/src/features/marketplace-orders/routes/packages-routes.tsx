import { Route, Routes } from 'react-router';
import { routePatterns } from '@cryptads/contract/paths';
import { NotFoundPage } from '../../../ui/not-found-page';
import { PackagePage } from './package-page';
import { PackagesPage } from './packages-page';

/** /packages/ (Press Release), /packages/kol-spotlight/, /packages/visibility-boost/ and /packages/{unique}/. */
export function PackagesRoutes() {
  return (
    <Routes>
      <Route index element={<PackagesPage type={0} />} />
      <Route path={routePatterns.packages.kol} element={<PackagesPage type={1} />} />
      <Route path={routePatterns.packages.visibility} element={<PackagesPage type={2} />} />
      <Route path={routePatterns.packages.detail} element={<PackagePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
