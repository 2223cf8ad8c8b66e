import { count, eq } from 'drizzle-orm';
import { eurosToMicros, microsToEuros } from '@cryptads/contract/money';
import { NotificationType } from '@cryptads/contract/notifications';
import { paths } from '@cryptads/contract/paths';
import {
  inviteLinkFor,
  isValidPreferredShare,
  REFERRAL_PREFERRED_SHARE_MAX,
  REFERRAL_REWARD_EUROS,
  REFERRAL_SPEND_THRESHOLD_EUROS,
  type Referral,
} from '@cryptads/contract/referral';
import type { Config } from '../../config';
import type { DbOrTx, Tx } from '../../db/client';
import { referralShares } from '../../db/schema/referral';
import { users } from '../../db/schema/users';
import { adSpendOf, available, creditedOf, platform, transfer } from '../ledger/ledger.service';
import { notify } from '../notifications/notify';
import type { UserRow } from '../sessions/sessions.service';

const THRESHOLD = eurosToMicros(REFERRAL_SPEND_THRESHOLD_EUROS);
const REWARD = eurosToMicros(REFERRAL_REWARD_EUROS);
export const referralRewardKey = (referredUserId: number) => `referral-reward:${referredUserId}`;

/** Total ad spend of a user in micro-euros (what left their balance for traffic). */
export async function totalSpendMicros(db: DbOrTx, userId: number): Promise<bigint> {
  return (await adSpendOf(db, [userId])).get(userId) ?? 0n;
}

/**
 * Pays the referrer of `referredUserId` the referral reward once the referred user's spend
 * has reached the threshold: a ledger transfer from the referral rewards account, in the caller's transaction, run by the
 * `spend.recorded` handler after each recorded batch. Paid exactly once: the ledger's
 * idempotency key serialises concurrent calls. A disabled (or deleted) referrer is not paid.
 * The reward emits `balance.credited`, whose handler tells the referrer (notifyReferralReward).
 */
export async function maybePayReferralReward(tx: Tx, referredUserId: number) {
  const [referred] = await tx
    .select({ referrerId: users.referrerId })
    .from(users)
    .where(eq(users.id, referredUserId))
    .limit(1);
  const referrerId = referred?.referrerId;
  if (referrerId == null || referrerId === referredUserId) return { paid: false as const };
  const [referrer] = await tx
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, referrerId))
    .limit(1);
  if (!referrer || referrer.disabledAt) return { paid: false as const };
  if ((await totalSpendMicros(tx, referredUserId)) < THRESHOLD) return { paid: false as const };
  const { applied } = await transfer(tx, {
    from: platform('referral_rewards'),
    to: available(referrerId),
    amountMicros: REWARD,
    kind: 'referral_reward',
    description: `Referral reward: a user you invited spent ${REFERRAL_SPEND_THRESHOLD_EUROS} EUR`,
    reference: `user:${referredUserId}`,
    idempotencyKey: referralRewardKey(referredUserId),
  });
  return applied ? { paid: true as const } : { paid: false as const };
}

/** Tells a referrer their reward arrived (the `balance.credited` handler, reason referral_reward). */
export async function notifyReferralReward(db: DbOrTx, referrerId: number) {
  await notify(db, referrerId, {
    type: NotificationType.Success,
    title: 'Referral reward received',
    message: `${REFERRAL_REWARD_EUROS} EUR were added to your balance: a user you invited spent ${REFERRAL_SPEND_THRESHOLD_EUROS} EUR.`,
    link: paths.referralProgram,
  });
}

/** GET /user/referral (see ReferralSchema for what each number means). */
export async function referralSummary(db: DbOrTx, config: Pick<Config, 'publicUrl'>, user: UserRow): Promise<Referral> {
  const referred = await db.select({ id: users.id }).from(users).where(eq(users.referrerId, user.id));
  const ids = referred.map((r) => r.id);
  let usersValid = 0;
  let started = 0;
  if (ids.length > 0) {
    for (const spent of (await adSpendOf(db, ids)).values()) {
      if (spent >= THRESHOLD) usersValid++;
      else if (spent > 0n) started++;
    }
  }
  const paid = await creditedOf(db, user.id, 'referral_reward');
  const [share] = await db.select().from(referralShares).where(eq(referralShares.userId, user.id)).limit(1);
  return {
    paidEarnings: microsToEuros(paid),
    pendingEarnings: started * REFERRAL_REWARD_EUROS,
    usersReferred: ids.length,
    usersValid,
    shareType: share ? share.shareBasisPoints / 100 : null,
    identifier: user.com,
    inviteLink: inviteLinkFor(config.publicUrl, user.com),
  };
}

/** Operator: sets (or with null clears) a user's preferred share in percent. */
export async function setPreferredShare(db: DbOrTx, userId: number, percent: number | null) {
  if (percent == null) {
    await db.delete(referralShares).where(eq(referralShares.userId, userId));
    return null;
  }
  if (!isValidPreferredShare(percent))
    throw new Error(`The preferred share must be above 0 and at most ${REFERRAL_PREFERRED_SHARE_MAX} percent.`);
  const shareBasisPoints = Math.round(percent * 100);
  await db
    .insert(referralShares)
    .values({ userId, shareBasisPoints })
    .onConflictDoUpdate({ target: referralShares.userId, set: { shareBasisPoints, updatedAt: new Date() } });
  return percent;
}

/** How many users a user referred (for the operator's output). */
export async function referredCount(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.referrerId, userId));
  return row?.n ?? 0;
}
