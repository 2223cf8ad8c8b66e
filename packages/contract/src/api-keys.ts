import { z } from 'zod';
import { API_SCOPES, type ApiScope } from './endpoint';

/**
 * API keys and the public API (docs/product/public-api.md, docs/decisions/040-public-api.md).
 * A key reads `cads_live_<32 base62>_<6 base62>`: the prefix lets people, secret scanners and
 * our log redaction recognise one, the last six characters are the CRC-32 of the rest, so a
 * scanner tells a real key from a random string without asking the server.
 */
export const API_KEY_PREFIX = 'cads_live_';
/** Matches a key anywhere in a text (the log redaction uses it). */
export const API_KEY_PATTERN = /cads_live_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}/g;
/** The characters of a key shown in the list after creation: the prefix and the first four random ones. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 4;

export const API_KEY_EXPIRY_DAYS = [30, 90, 180, 365] as const;
export const API_KEY_DEFAULT_EXPIRY_DAYS = 90;
export const API_KEY_MAX_EXPIRY_DAYS = 365;
/** Active (neither revoked nor expired) keys an account may hold. */
export const API_KEYS_MAX_ACTIVE = 20;
export const API_KEY_NAME_MAX = 60;
/** How long an `Idempotency-Key` answers its first answer again. */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX = 255;

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'reports:read': 'Read reports (every dimension, CSV)',
  'campaigns:read': 'Read campaigns',
  'campaigns:write': 'Create, update, run and pause campaigns, add creatives',
  'websites:read': 'Read websites, zones and ad codes',
  'websites:write': 'Add websites',
  'billing:read': 'Read the account, its balance and billing history',
  'marketplace:read': 'Search marketplace listings',
};

export const API_KEY_MESSAGES = {
  keyMissing: 'This API needs an API key: send it as "Authorization: Bearer <key>".',
  keyInvalid: 'This API key is not valid: it is unknown, expired or revoked.',
  sessionNotAccepted: 'The public API under /api/v1 accepts API keys only, not a browser session.',
  keyNotAccepted: 'An API key reaches the public API only: call /api/v1 instead.',
  missingScope: (scope: string) => `This API key lacks the scope ${scope}.`,
  tooManyKeys: (max: number) => `You have reached the limit of ${max} active API keys: revoke one first.`,
  twoFactorRequired: 'Enter your 2FA code to create an API key.',
  idempotencyMismatch:
    'This Idempotency-Key was already used with another request: send a new key for a different request.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed: retry in a moment.',
  idempotencyKeyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`,
  rateLimited: 'Too many requests for this API key or account: wait for the time in Retry-After.',
  notFound: 'API key not found.',
} as const;

export const ApiScopeSchema = z.enum(API_SCOPES);

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The start of the key (`cads_live_AbCd`), all that is shown after creation. */
  prefix: z.string(),
  scopes: z.array(ApiScopeSchema),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.array(ApiKeySchema);

export const CreateApiKeyInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters.`),
  scopes: z
    .array(ApiScopeSchema)
    .min(1, 'Choose at least one scope.')
    .max(API_SCOPES.length)
    .refine((list) => new Set(list).size === list.length, 'Each scope once.'),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(API_KEY_MAX_EXPIRY_DAYS, `At most ${API_KEY_MAX_EXPIRY_DAYS} days.`)
    .default(API_KEY_DEFAULT_EXPIRY_DAYS),
  /** The TOTP code, required when the account has two-factor authentication on. */
  twoFactorCode: z
    .string()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.')
    .optional(),
});
export type CreateApiKeyInput = z.input<typeof CreateApiKeyInputSchema>;

/** The answer of a creation: the only time the whole key is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
