import type { campaignEndpoints } from '@cryptads/contract/endpoints/campaigns';
import { campaignRoutes } from '@cryptads/contract/endpoints/campaigns.routes';
import type { reportEndpoints } from '@cryptads/contract/endpoints/reports';
import { reportRoutes } from '@cryptads/contract/endpoints/reports.routes';
import type { websiteEndpoints } from '@cryptads/contract/endpoints/websites';
import { websiteRoutes } from '@cryptads/contract/endpoints/websites.routes';
import { endpointClient } from '../../../lib/api-client';

/** The reports API (docs/product/reports.md#report-tabs, #api), from the contract's endpoint table. */
export const reportsApi = endpointClient<typeof reportEndpoints>(reportRoutes);

/** Campaigns, read here for the advertiser's Campaigns filter. */
export const campaignsApi = endpointClient<typeof campaignEndpoints>(campaignRoutes);

/** Websites, read here for the publisher's Websites filter and its zones. */
export const websitesApi = endpointClient<typeof websiteEndpoints>(websiteRoutes);
