import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDetails } from '@cryptads/contract/user';
import { termsKeys, userKeys } from '../../../lib/api/keys';
import { termsApi } from './client';
import { dashboardKeys } from './keys';

/** POST /api/user/signNewTerms with the version shown (409 when a newer one was published). */
export const signTerms = (version: number) => termsApi.sign({ body: { version } });

export function useSignTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: dashboardKeys.signTerms(),
    mutationFn: signTerms,
    onSuccess: (signed) => {
      // The modal closes at once; GET /user is asked again in the background.
      queryClient.setQueryData<UserDetails>(userKeys.details(), (user) =>
        user ? { ...user, currentSignedTerms: signed.currentSignedTerms } : user,
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.details() });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: termsKeys.current() }),
  });
}
