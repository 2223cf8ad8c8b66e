import { OkSchema } from '../api';
import { ApiKeyListSchema, ApiKeyParamsSchema, CreateApiKeyInputSchema, CreatedApiKeySchema } from '../api-keys';
import { defineEndpoints } from '../endpoint';
import { apiKeyRoutes } from './api-keys.routes';

const tag = 'api keys';

export const apiKeyEndpoints = defineEndpoints(apiKeyRoutes, {
  list: {
    tag,
    summary: 'API keys of the caller, newest first (revoked and expired ones are left out)',
    response: ApiKeyListSchema,
  },
  create: {
    tag,
    summary: 'Create an API key; the answer holds the whole key, shown this once',
    description: 'twoFactorCode is required when the account has two-factor authentication on.',
    body: CreateApiKeyInputSchema,
    response: CreatedApiKeySchema,
  },
  revoke: {
    tag,
    summary: 'Revoke an API key: it answers 401 at once',
    params: ApiKeyParamsSchema,
    response: OkSchema,
  },
});
