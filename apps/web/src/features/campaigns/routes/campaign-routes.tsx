import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../ui/not-found-page';
import { RequireAdvertiser } from './require-advertiser';

/**
 * Everything under /campaigns/ inside the authenticated shell (spec 002 §2). The router
 * mounts this file lazily; each screen is lazy again, so opening the list does not download
 * the wizard and the other way round.
 */
const PickerPage = lazy(async () => ({ default: (await import('./picker-page')).PickerPage }));
const WizardPage = lazy(async () => ({ default: (await import('./wizard-page')).WizardPage }));
const CampaignsPage = lazy(async () => ({ default: (await import('./campaigns-page')).CampaignsPage }));
const ArchivePage = lazy(async () => ({ default: (await import('./archive-page')).ArchivePage }));
const BlacklistPage = lazy(async () => ({ default: (await import('./blacklist-page')).BlacklistPage }));

export function CampaignRoutes() {
  return (
    <Routes>
      <Route element={<RequireAdvertiser />}>
        <Route index element={<Navigate to="/campaigns/all/" replace />} />
        <Route path="create" element={<PickerPage />} />
        <Route path="create/:kind" element={<WizardPage />} />
        <Route path="all" element={<CampaignsPage />} />
        <Route path="all/archive" element={<ArchivePage />} />
        <Route path="all/:tab/:id" element={<CampaignsPage />} />
        <Route path="blacklist" element={<BlacklistPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
