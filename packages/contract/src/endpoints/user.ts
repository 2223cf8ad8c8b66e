import { defineEndpoints } from '../endpoint';
import { UserDetailsSchema } from '../user';
import { userRoutes } from './user.routes';

export const userEndpoints = defineEndpoints(userRoutes, {
  details: { tag: 'user', summary: 'User details', response: UserDetailsSchema },
});
