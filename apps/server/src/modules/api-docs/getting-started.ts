import { API_SCOPES, type ApiScope } from '@cryptads/contract/endpoint';
import { WEBHOOK_VERIFY_EXAMPLE } from '@cryptads/contract/webhook-verify-example';

/** What each API-key scope reaches, for the public document's security scheme. */
const SCOPE_MEANING: Record<ApiScope, string> = {
  'reports:read': 'read the statistics of your campaigns or websites',
  'campaigns:read': 'read your campaigns',
  'campaigns:write': 'create and change your campaigns',
  'websites:read': 'read your websites and zones',
  'websites:write': 'add and change your websites',
  'billing:read': 'read your balance, invoices and statement',
  'marketplace:read': 'search the marketplace',
};

/** The scopes as an OAuth-style list: `name`: what it allows. */
export const SCOPE_HELP = `Scopes (a key holds one or more; an endpoint needs the one it names): ${API_SCOPES.map(
  (scope) => `\`${scope}\` ${SCOPE_MEANING[scope]}`,
).join('; ')}.`;

/** The public document's `info.description`: the reference page shows it first. */
export const GETTING_STARTED = `Read and manage your campaigns, websites and statistics from your own code.

## Getting started

1. **Create a key** in Settings → API keys. Pick only the scopes your integration needs; the key
   (\`cads_live_...\`) is shown once, so store it in a secret manager. Revoke it there when it leaks.
2. **Send it** on every request as \`Authorization: Bearer cads_live_...\` to the server \`/api/v1\`:

   \`\`\`sh
   curl -H "Authorization: Bearer $CRYPTADS_KEY" https://your-host/api/v1/campaigns
   \`\`\`

3. **Read the envelope.** Every answer is JSON \`{code, response, reason}\`: \`response\` holds the data
   on success, \`reason\` a sentence on failure.
4. **Money is a decimal string of euros**, exact to the micro-euro: \`"balance": "2499.95725"\`,
   \`"price": "25.00"\` (2 to 6 decimals, \`-\` when negative). Read it with a decimal type, never
   a float, and send amounts the same way (\`"minPrice": "0.50"\`; at most 6 decimals; a JSON
   number is refused with 400). Webhook payloads write money the same way.

## Scopes

Each operation names the scope it needs (\`x-scope\` and its description). A key without it gets 403.
${API_SCOPES.map((scope) => `- \`${scope}\`: ${SCOPE_MEANING[scope]}`).join('\n')}

## Rate limits

Each key has a request budget. Every answer carries \`RateLimit-Policy\` (the quota and its window,
\`"key";q=600;w=60\`) and \`RateLimit\` (what is left, \`"key";r=599;t=60\`). Over the budget the API
answers 429 with \`Retry-After\` (seconds): wait that long, then retry.

## Idempotency

Send an \`Idempotency-Key\` header (a new UUID per operation) with every POST. When the network fails
and you send the same request again with the same key, you get the first answer back instead of a
second campaign or order. Reusing a key with a different body is refused.

## Webhooks

Webhook deliveries are signed. Each request carries \`Cryptads-Event-Id\` (the event's id: ignore an id
you have already handled) and \`Cryptads-Signature: t=<unix seconds>,v1=<hex>\`, where \`v1\` is the
HMAC-SHA256, keyed with your endpoint's signing secret, of \`<t>.<raw body>\` (the exact bytes received,
before any JSON parsing). Compute it, compare in constant time, and refuse a \`t\` more than 5 minutes
away from your clock. This check answers false, never an exception, for a missing or malformed header:

\`\`\`js
${WEBHOOK_VERIFY_EXAMPLE}
\`\`\`

Each delivery also carries the [Standard Webhooks](https://www.standardwebhooks.com/) headers
\`webhook-id\` (the event's id), \`webhook-timestamp\` and \`webhook-signature\`, so a
\`standardwebhooks\` library verifies it with the secret as shown:
\`new Webhook(secret).verify(rawBody, headers)\`.
`;
