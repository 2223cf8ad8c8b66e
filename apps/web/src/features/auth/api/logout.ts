import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session';
import { authApi } from './client';
import { authKeys } from './keys';

/** POST /api/user/logout; the session is cleared whatever the outcome (docs/product/account.md#session-and-states). */
export const logout = () => authApi.logout({ authCall: true });

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: authKeys.logout(),
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
      void navigate('/login/', { replace: true });
    },
  });
}
