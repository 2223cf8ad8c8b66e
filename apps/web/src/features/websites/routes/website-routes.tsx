import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { NotFoundPage } from '../../../ui/not-found-page';
import { WebsitesSection } from './websites-section';

/**
 * Everything under /websites/ inside the authenticated shell (docs/product/websites.md#screens, publisher
 * only). The router mounts this file lazily; each screen is lazy again.
 */
const AddWebsitePage = lazy(async () => ({ default: (await import('./add-website-page')).AddWebsitePage }));
const WebsitesListPage = lazy(async () => ({ default: (await import('./websites-list-page')).WebsitesListPage }));
const WebsitePage = lazy(async () => ({ default: (await import('./website-page')).WebsitePage }));

const pattern = routePatterns.websites;

export function WebsiteRoutes() {
  return (
    <Routes>
      <Route element={<WebsitesSection />}>
        <Route index element={<Navigate to={paths.websites.all} replace />} />
        <Route path={pattern.add} element={<AddWebsitePage />} />
        <Route path={pattern.all} element={<WebsitesListPage />} />
        <Route path={pattern.tab} element={<WebsitePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
