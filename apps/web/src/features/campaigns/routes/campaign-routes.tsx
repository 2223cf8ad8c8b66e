import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths, routePatterns } from '@cryptads/contract/paths';
import { NotFoundPage } from '../../../ui/not-found-page';
import { RequireAdvertiser } from './require-advertiser';

/**
 * Everything under /campaigns/ inside the authenticated shell (docs/product/campaigns.md#screens). The router
 * mounts this file lazily; each screen is lazy again, so opening the list does not download
 * the wizard and the other way round.
 */
const PickerPage = lazy(async () => ({ default: (await import('./picker-page')).PickerPage }));
const WizardPage = lazy(async () => ({ default: (await import('./wizard-page')).WizardPage }));
const CampaignsPage = lazy(async () => ({ default: (await import('./campaigns-page')).CampaignsPage }));
const ArchivePage = lazy(async () => ({ default: (await import('./archive-page')).ArchivePage }));
const BlacklistPage = lazy(async () => ({ default: (await import('./blacklist-page')).BlacklistPage }));

const pattern = routePatterns.campaigns;

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
