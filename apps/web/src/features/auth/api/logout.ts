import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { authKeys } from './keys';

/** POST /api/user/logout; the session is cleared whatever the outcome (spec 000 §4). */
export const logout = () => apiRequest<{ ok: true }>('/user/logout', { method: 'POST', authCall: true });

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
