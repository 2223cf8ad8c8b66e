import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../session';
import { userApi } from './client';
import { userKeys } from './keys';

/** GET /api/user: the logged-in user's details (docs/product/account.md#data). */
export const getCurrentUser = (signal?: AbortSignal) => userApi.details({ signal });

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: userKeys.details(), queryFn: ({ signal }) => getCurrentUser(signal) });

export function useCurrentUser() {
  const session = useSession();
  return useQuery({ ...currentUserQueryOptions(), enabled: session !== null });
}
