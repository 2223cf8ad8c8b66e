import { CampaignStatus, isRunningStatus } from '@cryptads/contract/campaign-enums';
import type { WebhookEventType } from '@cryptads/contract/webhooks';

/** Pure rules of outgoing webhooks (docs/product/webhooks.md). */

export const DAY_MS = 86_400_000;
/** A delivery is retried this long; an endpoint failing this long is disabled. */
export const RETRY_WINDOW_MS = 3 * DAY_MS;
/** One attempt's deadline. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** The first bytes of an answer that are kept. */
export const RESPONSE_KEPT_BYTES = 2048;

/**
 * Wait before the next attempt after `attempts` failed ones: 30 s doubling to at most 6 hours,
 * with jitter (a random 50-100 % of it) so that endpoints that came back are not hit together.
 * About 20 attempts in three days.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
  return Math.round(base * (0.5 + 0.5 * random()));
}

export type AttemptOutcome = 'succeeded' | 'retry' | 'failed' | 'gone';

/** What one attempt's answer means: 2xx success, 410 the endpoint is gone, else retry within the window. */
export function outcomeOf(statusCode: number | null, deliveryAgeMs: number): AttemptOutcome {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return 'succeeded';
  if (statusCode === 410) return 'gone';
  return deliveryAgeMs >= RETRY_WINDOW_MS ? 'failed' : 'retry';
}

export type StatusKind = 'campaign' | 'website' | 'zone';

/** The webhook events a status change of a campaign, website or zone is (none when unchanged). */
export function transitionEvents(kind: StatusKind, from: number, to: number): WebhookEventType[] {
  if (from === to) return [];
  if (kind === 'website') return from === 0 && to === 1 ? ['website.approved'] : [];
  if (kind === 'zone') return from === 0 && to === 1 ? ['zone.approved'] : [];
  const out: WebhookEventType[] = [];
  if (from === CampaignStatus.Pending && isRunningStatus(to)) out.push('campaign.approved');
  if (to === CampaignStatus.Rejected) out.push('campaign.rejected');
  if (to === CampaignStatus.OutOfFunds) out.push('campaign.out_of_funds');
  if (to === CampaignStatus.LimitReached) out.push('campaign.budget_reached');
  return out;
}
