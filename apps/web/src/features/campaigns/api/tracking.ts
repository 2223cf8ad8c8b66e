import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoalInput, Tracking } from '@cryptads/contract/conversions';
import type { conversionEndpoints } from '@cryptads/contract/endpoints/conversions';
import { conversionRoutes } from '@cryptads/contract/endpoints/conversions.routes';
import { endpointClient } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** Conversion tracking of one campaign (docs/product/conversions.md), from the contract's endpoint table. */
export const conversionsApi = endpointClient<typeof conversionEndpoints>(conversionRoutes);

const trackingKey = (id: number) => [...campaignKeys.all, 'tracking', id] as const;

export const trackingQuery = (id: number) =>
  queryOptions({
    queryKey: trackingKey(id),
    queryFn: ({ signal }) => conversionsApi.tracking({ params: { id }, signal }),
  });

export const useTracking = (id: number) => useQuery(trackingQuery(id));

/** Every tracking change answers the whole panel: it replaces the cached one. */
function useTrackingChange<V>(id: number, change: (v: V) => Promise<Tracking>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (tracking) => queryClient.setQueryData(trackingKey(id), tracking),
  });
}

export const useAddGoal = (id: number) =>
  useTrackingChange(id, (body: GoalInput) => conversionsApi.addGoal({ params: { id }, body }));

export const useUpdateGoal = (id: number) =>
  useTrackingChange(id, ({ goalId, ...body }: GoalInput & { goalId: number }) =>
    conversionsApi.updateGoal({ params: { id, goalId }, body }),
  );

export const useDeleteGoal = (id: number) =>
  useTrackingChange(id, (goalId: number) => conversionsApi.deleteGoal({ params: { id, goalId } }));

export const useSetWindow = (id: number) =>
  useTrackingChange(id, (attributionDays: number) =>
    conversionsApi.setWindow({ params: { id }, body: { attributionDays } }),
  );

export const useRotateToken = (id: number) =>
  useTrackingChange(id, (_: undefined) => conversionsApi.rotateToken({ params: { id } }));

export function useTestConversion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: string) => conversionsApi.testConversion({ params: { id }, body: { goal } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackingKey(id) }),
  });
}
