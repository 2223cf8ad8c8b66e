import { userEndpoints as api } from '@cryptads/contract/endpoints/user';
import { route } from '../../lib/endpoint-routes';
import { userDetails } from './user.service';

/** The logged-in user's details; path, roles and schema are in the contract. */
export const userRoutes = [route(api.details, async ({ ctx, auth }) => userDetails(ctx, auth.user))];
