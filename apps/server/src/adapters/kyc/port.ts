/**
 * The identity verification port (docs/architecture.md#adapters "identity (KYC)"): send the customer to a
 * provider's page, then turn the provider's signed decisions into one of four outcomes.
 * Shaped after Sumsub and Veriff (their published KYC APIs): an
 * applicant/session created per attempt, a hosted flow, decisions by webhook with a
 * moderation comment the customer may read.
 *
 * Outcomes and our document statuses (docs/product/billing.md#documents):
 * | outcome   | Sumsub                         | Veriff                           | docVerification |
 * |-----------|--------------------------------|----------------------------------|-----------------|
 * | pending   | pending, queued, onHold        | submitted, review                | Pending 2       |
 * | approved  | completed + GREEN              | approved                         | Valid 1 (kycVerified 1) |
 * | retry     | completed + RED, RETRY         | resubmission_requested           | Recheck 5       |
 * | rejected  | completed + RED, FINAL         | declined                         | Rejected 3 / CompanyRejected 4 |
 * The moderation comment becomes docReason.
 */

export type KycOutcome = 'pending' | 'approved' | 'retry' | 'rejected';
export const KYC_OUTCOMES = ['pending', 'approved', 'retry', 'rejected'] as const satisfies readonly KycOutcome[];
export type KycProviderName = 'sandbox';

export type KycApplicant = {
  userId: number;
  email: string;
  isCompany: boolean;
  /** The individual's names, or the company's legal name in `companyName`. */
  firstName: string;
  lastName: string;
  companyName: string;
  country: string;
};

export type StartKycInput = {
  /** Our session id: unguessable, the provider's external reference. */
  sessionId: string;
  applicant: KycApplicant;
  /** Where the browser returns when the provider's flow ends. */
  returnUrl: string;
};

export type StartedKyc = { providerRef: string; redirectUrl: string };

/** A webhook as it arrived: the raw body (signatures cover the bytes) and the headers. */
export type KycWebhookRequest = {
  rawBody: Buffer | string;
  headers: Record<string, string | string[] | undefined>;
};

/** One provider decision, normalised. Stored under (provider, providerEventId) before it is applied. */
export type KycDecision = {
  providerEventId: string;
  providerRef: string;
  outcome: KycOutcome;
  /** The moderation comment for the customer; null when there is none. */
  reason: string | null;
  /** The provider's own status words, for the operator. */
  providerStatus: string;
};

export type KycProvider = {
  readonly name: KycProviderName;
  start(input: StartKycInput): Promise<StartedKyc>;
  /** Verifies and parses a webhook; throws KycWebhookVerificationError when it is not genuine. */
  parseWebhook(request: KycWebhookRequest): KycDecision[];
};

/** The webhook is not genuine (bad or missing signature, stale timestamp): answer 400. */
export class KycWebhookVerificationError extends Error {
  override readonly name = 'KycWebhookVerificationError';
}

export const headerValue = (headers: KycWebhookRequest['headers'], name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** Sumsub's applicantReviewed / applicantPending answers as an outcome. */
export function sumsubOutcome(input: {
  reviewStatus: string;
  reviewAnswer?: string | null;
  reviewRejectType?: string | null;
}): KycOutcome | null {
  if (input.reviewStatus === 'completed') {
    if (input.reviewAnswer === 'GREEN') return 'approved';
    if (input.reviewAnswer === 'RED') return input.reviewRejectType === 'RETRY' ? 'retry' : 'rejected';
    return null;
  }
  return ['pending', 'queued', 'onHold', 'prechecked'].includes(input.reviewStatus) ? 'pending' : null;
}

/** Veriff's decision statuses as an outcome; expired and abandoned sessions decide nothing. */
export function veriffOutcome(status: string): KycOutcome | null {
  switch (status) {
    case 'approved':
      return 'approved';
    case 'resubmission_requested':
      return 'retry';
    case 'declined':
      return 'rejected';
    case 'submitted':
    case 'review':
      return 'pending';
    default:
      return null;
  }
}
