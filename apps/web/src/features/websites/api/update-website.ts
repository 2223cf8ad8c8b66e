import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebsiteInput } from '@cryptads/contract/websites';
import { websitesApi } from './client';
import { websiteKeys } from './keys';

/** PUT /api/websites/{id} with {aliases} (zone unique → alias) or {categories} (excluded). */
export const updateWebsite = (id: number, input: UpdateWebsiteInput) =>
  websitesApi.update({ params: { id }, body: input });

export function useUpdateWebsite(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: websiteKeys.update(id),
    mutationFn: (input: UpdateWebsiteInput) => updateWebsite(id, input),
    onSuccess: (detail) => {
      queryClient.setQueryData(websiteKeys.detail(id), detail);
      return queryClient.invalidateQueries({ queryKey: websiteKeys.list() });
    },
  });
}
