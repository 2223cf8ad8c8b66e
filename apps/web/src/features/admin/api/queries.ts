import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { clearSession } from '../../../lib/session';
import { adminApi, authApi } from './client';
import { adminKeys } from './keys';

/** GET /api/user/twoFactor: an operator without 2FA may open the set-up screen only. */
export const useAdminTwoFactorStatus = () =>
  useQuery({
    queryKey: adminKeys.twoFactor(),
    queryFn: ({ signal }) => authApi.twoFactorStatus({ signal }),
    staleTime: 60_000,
  });

/** GET /api/admin/overview: today's figures, money held and the size of each queue. */
export const useAdminOverview = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => adminApi.overview({ signal }),
    enabled,
    // The badges stay roughly live while an operator works through a queue.
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });

/** POST /api/user/logout; the session is cleared whatever the outcome (as the customers' menu does). */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => authApi.logout({ authCall: true }),
    onSettled: () => {
      clearSession();
      queryClient.clear();
      void navigate(paths.login, { replace: true });
    },
  });
}
