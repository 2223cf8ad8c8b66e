import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignKind } from '@cryptads/contract/campaign-messages';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/drafts/{kind}: the wizard's saved state (data null when none). */
export const getDraft = (kind: CampaignKind, signal?: AbortSignal) => campaignsApi.draft({ params: { kind }, signal });

export const draftQuery = (kind: CampaignKind) =>
  queryOptions({
    queryKey: campaignKeys.draft(kind),
    queryFn: ({ signal }) => getDraft(kind, signal),
    // The wizard reads the draft once when it opens; its own state is newer afterwards.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useDraft = (kind: CampaignKind) => useQuery(draftQuery(kind));

/** PUT /api/campaigns/drafts/{kind} {data}: saved before every step change. */
export const saveDraft = ({ kind, data }: { kind: CampaignKind; data: Record<string, unknown> }) =>
  campaignsApi.saveDraft({ params: { kind }, body: { data } });

export const useSaveDraft = () => useMutation({ mutationFn: saveDraft });

/** DELETE /api/campaigns/drafts/{kind}: after the campaign is created the wizard starts afresh. */
export const deleteDraft = (kind: CampaignKind) => campaignsApi.deleteDraft({ params: { kind } });

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: (_d, kind) => queryClient.removeQueries({ queryKey: campaignKeys.draft(kind) }),
  });
}
