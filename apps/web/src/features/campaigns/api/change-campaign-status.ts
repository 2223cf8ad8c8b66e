import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignStatusResponse } from '@cryptads/contract/campaigns';
import { CampaignStatus, type StatusAction } from '@cryptads/contract/campaign-messages';
import { apiRequest } from '../../../lib/api-client';
import { campaignKeys } from './keys';

const STATUS_OF: Record<Exclude<StatusAction, 'unarchive'>, number> = {
  run: CampaignStatus.Delivering,
  pause: CampaignStatus.Paused,
  archive: CampaignStatus.Archived,
};

/**
 * Run, pause and archive are PUT /api/campaigns/{id} with {status}; unarchive has its own
 * call. The server answers the refusal reason (for example a zero price) as given.
 */
export const changeCampaignStatus = ({ id, action }: { id: number; action: StatusAction }) =>
  action === 'unarchive'
    ? apiRequest<CampaignStatusResponse>(`/campaigns/${id}/unarchive`, { method: 'POST', body: {} })
    : apiRequest<CampaignStatusResponse>(`/campaigns/${id}`, { method: 'PUT', body: { status: STATUS_OF[action] } });

export function useChangeCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCampaignStatus,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.shortlist() }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) }),
      ]),
  });
}
