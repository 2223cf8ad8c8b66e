import type { notificationEndpoints } from '@cryptads/contract/endpoints/notifications';
import { notificationRoutes } from '@cryptads/contract/endpoints/notifications.routes';
import { endpointClient } from '../../../lib/api-client';

/** The notifications API (docs/product/account.md#notifications), from the contract's endpoint table. */
export const notificationsApi = endpointClient<typeof notificationEndpoints>(notificationRoutes);
