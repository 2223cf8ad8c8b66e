import { microsToEuros } from '@cryptads/contract/money';
import type { UserDetails } from '@cryptads/contract/user';
import type { AppContext } from '../../context';
import type { UserRow } from '../sessions/sessions.service';
import { deletionState } from '../settings/settings.service';
import { campaignCounts } from '../campaigns/campaign-queries';

/** The user details of spec 000 §3 as GET /user answers them. */
export async function userDetails(ctx: AppContext, user: UserRow): Promise<UserDetails> {
  const deletion = await deletionState(ctx.db, user.id);
  return {
    alias: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    type: user.type as UserDetails['type'],
    balance: microsToEuros(user.balanceMicros),
    kycVerified: user.kycVerified === 1 ? 1 : 0,
    pendingDelete: deletion.pendingDelete,
    delete: deletion.delete,
    currentSignedTerms: user.currentSignedTerms,
    com: user.com,
    // Advertisers' campaigns by status (active: running; total: all but archived).
    campaigns: user.type === 1 ? await campaignCounts(ctx.db, user.id) : { active: 0, paused: 0, pending: 0, total: 0 },
    overrideRedirecting: false,
    secureStatus: user.twoFactorSecret ? 1 : 0,
  };
}
