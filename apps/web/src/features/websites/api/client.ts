import type { reportEndpoints } from '@cryptads/contract/endpoints/reports';
import { reportRoutes } from '@cryptads/contract/endpoints/reports.routes';
import type { websiteEndpoints } from '@cryptads/contract/endpoints/websites';
import { websiteRoutes } from '@cryptads/contract/endpoints/websites.routes';
import { endpointClient } from '../../../lib/api-client';

/** The websites API (docs/product/websites.md#api), from the contract's endpoint table. */
export const websitesApi = endpointClient<typeof websiteEndpoints>(websiteRoutes);

/** Reports, read here for one website's Reports tab. */
export const reportsApi = endpointClient<typeof reportEndpoints>(reportRoutes);
