import { useMutation, useQueryClient } from '@tanstack/react-query';
import { websitesApi } from './client';
import { websiteKeys } from './keys';

/** POST /api/websites/{id}/verification: the server fetches the site and looks for the token. */
export const verifyWebsite = (id: number) => websitesApi.verify({ params: { id } });

export function useVerifyWebsite(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: websiteKeys.verify(id),
    mutationFn: () => verifyWebsite(id),
    onSuccess: (verification) => {
      queryClient.setQueryData(websiteKeys.verification(id), verification);
    },
    // Verified or not, the list and the website's tabs show the state the server now has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: websiteKeys.all }),
  });
}
