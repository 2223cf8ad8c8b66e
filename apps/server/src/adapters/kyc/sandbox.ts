import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../lib/crypto';
import {
  headerValue,
  KYC_OUTCOMES,
  type KycDecision,
  type KycOutcome,
  type KycProvider,
  type KycWebhookRequest,
  KycWebhookVerificationError,
  type StartKycInput,
} from './port';

/**
 * The embedded identity provider (docs/architecture.md#adapters): a page of our own at `/sandbox/kyc/{session}`
 * where whoever tests approves the identity, rejects it with a reason or asks for a recheck.
 * Its decision is a JSON event signed with HMAC-SHA256 over `{timestamp}.{raw body}` (the
 * scheme of the payments sandbox and of Stripe), verified exactly as a provider's webhook.
 */

export const KYC_SANDBOX_SIGNATURE_HEADER = 'cryptads-kyc-signature';
export const KYC_SANDBOX_TOLERANCE_SECONDS = 300;

export type KycSandboxSettings = { secret: string; publicUrl: string; toleranceSeconds?: number };

/** What the sandbox page offers: approve, reject with a reason, ask to recheck with a reason. */
export const KYC_SANDBOX_ACTIONS = {
  approve: 'approved',
  reject: 'rejected',
  recheck: 'retry',
} as const satisfies Record<string, KycOutcome>;
export type KycSandboxAction = keyof typeof KYC_SANDBOX_ACTIONS;

const EventSchema = z.object({
  id: z.string().min(1).max(100),
  created: z.number().int(),
  providerRef: z.string().min(1).max(120),
  outcome: z.enum(KYC_OUTCOMES),
  reason: z.string().max(1000).nullable(),
});

export const kycSandboxProviderRef = (sessionId: string) => `sandbox_kyc_${sessionId}`;
export const kycSandboxPageUrl = (publicUrl: string, sessionId: string) =>
  `${publicUrl.replace(/\/$/, '')}/sandbox/kyc/${encodeURIComponent(sessionId)}`;

const sign = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The signed decision the sandbox page sends (body and headers, ready to POST or to apply). */
export function buildKycSandboxEvent(
  secret: string,
  input: { providerRef: string; outcome: KycOutcome; reason: string | null },
  nowSeconds = Math.floor(Date.now() / 1000),
) {
  const event = { id: `kyc_evt_${randomBytes(12).toString('hex')}`, created: nowSeconds, ...input };
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [KYC_SANDBOX_SIGNATURE_HEADER]: `t=${nowSeconds},v1=${sign(secret, nowSeconds, body)}`,
    },
  };
}

function verify(body: string, header: string | undefined, secret: string, tolerance: number) {
  if (!header) throw new KycWebhookVerificationError('Missing signature header');
  const parts = new Map(
    header.split(',').map((item) => {
      const [key = '', ...rest] = item.trim().split('=');
      return [key, rest.join('=')] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  if (!Number.isInteger(timestamp)) throw new KycWebhookVerificationError('Malformed signature header');
  if (Math.abs(Math.floor(Date.now() / 1000) - timestamp) > tolerance)
    throw new KycWebhookVerificationError('Signature timestamp outside the tolerance');
  if (!safeEqual(parts.get('v1') ?? '', sign(secret, timestamp, body)))
    throw new KycWebhookVerificationError('Signature does not match');
}

/** The sandbox provider, which can also sign the decisions its page sends. */
export type KycSandbox = KycProvider & {
  buildEvent(input: { providerRef: string; outcome: KycOutcome; reason: string | null }): {
    body: string;
    headers: Record<string, string>;
  };
};

export const isKycSandbox = (provider: KycProvider | null): provider is KycSandbox =>
  provider !== null && provider.name === 'sandbox' && 'buildEvent' in provider;

export function createKycSandbox(settings: KycSandboxSettings): KycSandbox {
  if (settings.secret.length < 32) throw new Error('kyc: the sandbox secret must have at least 32 characters');
  const tolerance = settings.toleranceSeconds ?? KYC_SANDBOX_TOLERANCE_SECONDS;
  return {
    name: 'sandbox',
    buildEvent: (input) => buildKycSandboxEvent(settings.secret, input),
    async start(input: StartKycInput) {
      return {
        providerRef: kycSandboxProviderRef(input.sessionId),
        redirectUrl: kycSandboxPageUrl(settings.publicUrl, input.sessionId),
      };
    },
    parseWebhook(request: KycWebhookRequest): KycDecision[] {
      const body = Buffer.isBuffer(request.rawBody) ? request.rawBody.toString('utf8') : request.rawBody;
      verify(body, headerValue(request.headers, KYC_SANDBOX_SIGNATURE_HEADER), settings.secret, tolerance);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new KycWebhookVerificationError('Event is not JSON');
      }
      const parsed = EventSchema.safeParse(json);
      if (!parsed.success) throw new KycWebhookVerificationError('Event has an unknown shape');
      const event = parsed.data;
      return [
        {
          providerEventId: event.id,
          providerRef: event.providerRef,
          outcome: event.outcome,
          reason: event.reason?.trim() || null,
          providerStatus: `sandbox:${event.outcome}`,
        },
      ];
    },
  };
}
