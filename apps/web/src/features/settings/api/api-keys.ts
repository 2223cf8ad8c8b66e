import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyInput } from '@cryptads/contract/api-keys';
import type { apiKeyEndpoints } from '@cryptads/contract/endpoints/api-keys';
import { apiKeyRoutes } from '@cryptads/contract/endpoints/api-keys.routes';
import { endpointClient } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** The API keys of docs/product/public-api.md, from the contract's endpoint table. */
export const apiKeysApi = endpointClient<typeof apiKeyEndpoints>(apiKeyRoutes);

const apiKeysKey = () => [...settingsKeys.all, 'api-keys'] as const;

/** GET /api/user/apiKeys: the keys in force, newest first. */
export const useApiKeys = () =>
  useQuery({ queryKey: apiKeysKey(), queryFn: ({ signal }) => apiKeysApi.list({ signal }) });

/** POST /api/user/apiKeys: the answer holds the whole key, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeysKey(), 'create'],
    mutationFn: (body: CreateApiKeyInput) => apiKeysApi.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey() }),
  });
}

/** DELETE /api/user/apiKeys/{id}: the key answers 401 at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeysKey(), 'revoke'],
    mutationFn: (id: number) => apiKeysApi.revoke({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey() }),
  });
}
