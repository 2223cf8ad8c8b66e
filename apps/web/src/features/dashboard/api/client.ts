import type { announcementEndpoints } from '@cryptads/contract/endpoints/announcements';
import { announcementRoutes } from '@cryptads/contract/endpoints/announcements.routes';
import type { billingDetailsEndpoints } from '@cryptads/contract/endpoints/billing-details';
import { billingDetailsRoutes } from '@cryptads/contract/endpoints/billing-details.routes';
import type { campaignEndpoints } from '@cryptads/contract/endpoints/campaigns';
import { campaignRoutes } from '@cryptads/contract/endpoints/campaigns.routes';
import type { newsEndpoints } from '@cryptads/contract/endpoints/news';
import { newsRoutes } from '@cryptads/contract/endpoints/news.routes';
import type { reportEndpoints } from '@cryptads/contract/endpoints/reports';
import { reportRoutes } from '@cryptads/contract/endpoints/reports.routes';
import type { termsEndpoints } from '@cryptads/contract/endpoints/terms';
import { termsRoutes } from '@cryptads/contract/endpoints/terms.routes';
import type { websiteEndpoints } from '@cryptads/contract/endpoints/websites';
import { websiteRoutes } from '@cryptads/contract/endpoints/websites.routes';
import { endpointClient } from '../../../lib/api-client';

/** The endpoints the dashboard reads (docs/product/account.md#dashboard), from the contract's endpoint table. */
export const announcementsApi = endpointClient<typeof announcementEndpoints>(announcementRoutes);
export const newsApi = endpointClient<typeof newsEndpoints>(newsRoutes);
export const termsApi = endpointClient<typeof termsEndpoints>(termsRoutes);
export const websitesApi = endpointClient<typeof websiteEndpoints>(websiteRoutes);
export const campaignsApi = endpointClient<typeof campaignEndpoints>(campaignRoutes);
export const reportsApi = endpointClient<typeof reportEndpoints>(reportRoutes);
export const billingProfileApi = endpointClient<typeof billingDetailsEndpoints>(billingDetailsRoutes);
