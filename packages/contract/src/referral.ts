import { z } from 'zod';
import { paths } from './paths';

/** docs/product/account.md#referral; docs/product/limits.md#account: earn 50 EUR when a referred user has spent 500 EUR. */
export const REFERRAL_REWARD_EUROS = 50;
export const REFERRAL_SPEND_THRESHOLD_EUROS = 500;
/** A preferred share of up to 10 percent, set by an operator for a partner. */
export const REFERRAL_PREFERRED_SHARE_MAX = 10;

/**
 * GET /user/referral. Money in euros.
 * - usersReferred: accounts that signed up with this user's invite link.
 * - usersValid: those whose spend reached REFERRAL_SPEND_THRESHOLD_EUROS.
 * - pendingEarnings: REFERRAL_REWARD_EUROS for each referred user who has started spending
 *   but not reached the threshold yet (what is on its way).
 * - paidEarnings: referral rewards credited to the balance.
 * - shareType: the preferred share in percent, null unless an operator set one.
 * - identifier: the user's `com`; inviteLink: PUBLIC_URL/signup/?ref=identifier.
 */
export const ReferralSchema = z.object({
  paidEarnings: z.number(),
  pendingEarnings: z.number(),
  usersReferred: z.number().int(),
  usersValid: z.number().int(),
  shareType: z.number().min(0).max(REFERRAL_PREFERRED_SHARE_MAX).nullable(),
  identifier: z.string(),
  inviteLink: z.string(),
});
export type Referral = z.infer<typeof ReferralSchema>;

/** The query parameter of the invite link that sign-up sends as `referrer`. */
export const REFERRAL_QUERY_PARAM = 'ref';

export const inviteLinkFor = (publicUrl: string, identifier: string) =>
  `${publicUrl.replace(/\/$/, '')}${paths.signup}?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(identifier)}`;

/** Whether a preferred share is a valid operator setting: 0 < share ≤ 10, at most 2 decimals. */
export const isValidPreferredShare = (share: number) =>
  Number.isFinite(share) &&
  share > 0 &&
  share <= REFERRAL_PREFERRED_SHARE_MAX &&
  Math.round(share * 100) === share * 100;
