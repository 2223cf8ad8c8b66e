import type { Prefetch } from '../../../lib/prefetch';
import { lazy } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { lazyWithPreload } from '../../../lib/lazy-preload';
import { NotFoundPage } from '../../../ui/not-found-page';
import { campaignsQuery } from '../api/get-campaigns';
import { RequireAdvertiser } from './require-advertiser';

/**
 * Everything under /campaigns/ inside the authenticated shell (docs/product/campaigns.md#screens). The router
 * mounts this file lazily; each screen is lazy again, so opening the list does not download
 * the wizard and the other way round.
 */
const PickerPage = lazy(async () => ({ default: (await import('./picker-page')).PickerPage }));
const WizardPage = lazy(async () => ({ default: (await import('./wizard-page')).WizardPage }));
const loadCampaignsPage = () => import('./campaigns-page');
const CampaignsPage = lazyWithPreload(async () => ({ default: (await loadCampaignsPage()).CampaignsPage }));
const ArchivePage = lazy(async () => ({ default: (await import('./archive-page')).ArchivePage }));
const BlacklistPage = lazy(async () => ({ default: (await import('./blacklist-page')).BlacklistPage }));

const pattern = routePatterns.campaigns;

/**
 * The screen of `inner` (the path under /campaigns/), fetched ahead of its first render: the
 * campaign list with its tab (the list opens on the first campaign's setup), and the list's call.
 */
export function preloadCampaignScreen(inner: string, prefetch: Prefetch): Promise<unknown> {
  const tab = matchPath(pattern.tab, inner)?.params.tab;
  if (tab === undefined && !matchPath(pattern.all, inner)) return Promise.resolve();
  prefetch(campaignsQuery());
  return Promise.all([CampaignsPage.preload(), loadCampaignsPage().then((m) => m.preloadCampaignTab(tab ?? 'setup'))]);
}

export function CampaignRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdvertiser />}>
        <Route index element={<Navigate to={paths.campaigns.all} replace />} />
        <Route path={pattern.create} element={<PickerPage />} />
        <Route path={pattern.wizard} element={<WizardPage />} />
        <Route path={pattern.all} element={<CampaignsPage />} />
        <Route path={pattern.archive} element={<ArchivePage />} />
        <Route path={pattern.tab} element={<CampaignsPage />} />
        <Route path={pattern.blacklist} element={<BlacklistPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
