import type { campaignEndpoints } from '@cryptads/contract/endpoints/campaigns';
import { campaignRoutes } from '@cryptads/contract/endpoints/campaigns.routes';
import type { reportEndpoints } from '@cryptads/contract/endpoints/reports';
import { reportRoutes } from '@cryptads/contract/endpoints/reports.routes';
import type { uploadEndpoints } from '@cryptads/contract/endpoints/uploads';
import { uploadRoutes } from '@cryptads/contract/endpoints/uploads.routes';
import { endpointClient } from '../../../lib/api-client';

/** The campaigns API (docs/product/campaigns.md#statuses-and-actions, #pricing-and-budget, #api), from the contract's endpoint table. */
export const campaignsApi = endpointClient<typeof campaignEndpoints>(campaignRoutes);

/** Creative uploads (banners, native thumbnails and covers). */
export const uploadsApi = endpointClient<typeof uploadEndpoints>(uploadRoutes);

/** Reports, read here for one campaign's Optimization, Performance and Reports tabs. */
export const reportsApi = endpointClient<typeof reportEndpoints>(reportRoutes);
