import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignStatusResponse } from '@cryptads/contract/campaigns';
import { CampaignStatus, type StatusAction } from '@cryptads/contract/campaign-messages';
import { campaignsApi } from './client';
import { campaignKeys } from './keys';

const STATUS_OF = {
  run: CampaignStatus.Delivering,
  pause: CampaignStatus.Paused,
  archive: CampaignStatus.Archived,
} as const satisfies Record<Exclude<StatusAction, 'unarchive'>, number>;

/**
 * Run, pause and archive are PUT /api/campaigns/{id} with {status}; unarchive has its own
 * call. The server answers the refusal reason (for example a zero price) as given.
 */
export const changeCampaignStatus = ({ id, action }: { id: number; action: StatusAction }) =>
  action === 'unarchive'
    ? campaignsApi.unarchive({ params: { id } })
    : // The answer of a {status} body is the campaign's new status.
      (campaignsApi.update({ params: { id }, body: { status: STATUS_OF[action] } }) as Promise<CampaignStatusResponse>);

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
