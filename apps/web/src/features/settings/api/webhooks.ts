import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { webhookEndpoints } from '@cryptads/contract/endpoints/webhooks';
import { webhookRoutes } from '@cryptads/contract/endpoints/webhooks.routes';
import type { WebhookCreate, WebhookUpdate } from '@cryptads/contract/webhooks';
import { endpointClient } from '../../../lib/api-client';

/** Outgoing webhooks (docs/product/webhooks.md), from the contract's endpoint table. */
export const webhooksApi = endpointClient<typeof webhookEndpoints>(webhookRoutes);

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: number) => [...webhookKeys.all, 'deliveries', id] as const,
};

/** The endpoints; their last delivery moves while the page is open (the sender works after the calls). */
export const useWebhooks = () =>
  useQuery({ queryKey: webhookKeys.list(), queryFn: () => webhooksApi.list(), refetchInterval: 5000 });

/** Attempts of one endpoint; looked at again every few seconds while shown (the sender works after the call). */
export const useWebhookDeliveries = (id: number | null) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0),
    queryFn: () => webhooksApi.deliveries({ params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: 3000,
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: WebhookCreate) => webhooksApi.create({ body }), onSuccess: invalidate });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookUpdate }) => webhooksApi.update({ params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => webhooksApi.remove({ params: { id } }), onSuccess: invalidate });
}

export function useRotateSecret() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => webhooksApi.rotateSecret({ params: { id }, body: {} }),
    onSuccess: invalidate,
  });
}

export function useSendTest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => webhooksApi.test({ params: { id }, body: {} }),
    onSuccess: invalidate,
  });
}

export function useResend() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      webhooksApi.resend({ params: { id, deliveryId }, body: {} }),
    onSuccess: invalidate,
  });
}
