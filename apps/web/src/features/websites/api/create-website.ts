import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebsiteInput } from '@cryptads/contract/websites';
import { websitesApi } from './client';
import { websiteKeys } from './keys';

/** POST /api/websites: adds a pending website and answers its verification token. */
export const createWebsite = (input: CreateWebsiteInput) => websitesApi.create({ body: input });

export function useCreateWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: websiteKeys.create(),
    mutationFn: createWebsite,
    onSuccess: (verification) => {
      queryClient.setQueryData(websiteKeys.verification(verification.id), verification);
      return queryClient.invalidateQueries({ queryKey: websiteKeys.list() });
    },
  });
}
