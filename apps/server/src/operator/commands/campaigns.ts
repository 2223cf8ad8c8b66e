import { eq } from 'drizzle-orm';
import {
  CAMPAIGN_APPROVAL_NOTICES as NOTICE,
  CAMPAIGN_KIND_LABELS,
  type CampaignKind,
  DELIVERY_STATUS_LABELS,
  CampaignStatus,
  campaignStatusLabel,
} from '@cryptads/contract/campaigns';
import { paths } from '@cryptads/contract/paths';
import { campaigns } from '../../db/schema/campaigns';
import { users } from '../../db/schema/users';
import { loadAny } from '../../modules/campaigns/campaign-access';
import { emitEvent } from '../../modules/events/events';
import { paysNextEvent } from '../../modules/ledger/ledger.service';
import { NotificationType, notify } from '../../modules/notifications/notify';
import type { OperatorCommand } from '../types';

type Ctx = Parameters<OperatorCommand['run']>[0];

function parseId(arg: string | undefined): number {
  const id = Number(arg);
  if (!arg || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new Error('Give the campaign id.');
  return id;
}

async function find(ctx: Ctx, arg: string | undefined) {
  const id = parseId(arg);
  const c = await loadAny(ctx.db, id);
  if (!c) throw new Error(`No campaign with id ${id}.`);
  return c;
}

/**
 * The account manager's review of campaigns: approve (Delivering when "run after approval",
 * Out of Funds instead when the advertiser's balance cannot pay its next event, else Paused), reject, and lock / unlock managed campaigns. Approve and reject notify the
 * advertiser in the same transaction; every decision emits `campaign.changed` in it too.
 */
export const campaignCommands: Record<string, OperatorCommand> = {
  approve: {
    args: '<campaign id>',
    help: 'approve a pending or rejected campaign: Delivering (Out of Funds when the balance cannot pay its next event) if it runs after approval, else Paused',
    async run(ctx, [arg]) {
      const c = await find(ctx, arg);
      if (c.status !== CampaignStatus.Pending && c.status !== CampaignStatus.Rejected)
        throw new Error(
          `Campaign #${c.id} is ${campaignStatusLabel(c.status)}; only pending or rejected campaigns are approved.`,
        );
      const status = await ctx.db.transaction(async (tx) => {
        // The balance row is locked so that a deposit committing meanwhile is seen, or sees us
        // (its handler then turns an Out of Funds campaign back to Delivering).
        const [owner] = await tx
          .select({ balance: users.balanceMicros })
          .from(users)
          .where(eq(users.id, c.ownerId))
          .for('no key update');
        const status = !c.runAfterApproval
          ? CampaignStatus.Paused
          : paysNextEvent(owner?.balance ?? 0n, c)
            ? CampaignStatus.Delivering
            : CampaignStatus.OutOfFunds;
        await tx
          .update(campaigns)
          .set({ status, approvedAt: new Date(), updatedAt: new Date() })
          .where(eq(campaigns.id, c.id));
        await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
        const kind = CAMPAIGN_KIND_LABELS[c.kind as CampaignKind];
        await notify(tx, c.ownerId, {
          type: status === CampaignStatus.OutOfFunds ? NotificationType.Error : NotificationType.Success,
          title: NOTICE.title,
          message:
            status === CampaignStatus.Delivering
              ? NOTICE.running(kind, c.name)
              : status === CampaignStatus.OutOfFunds
                ? NOTICE.outOfFunds(kind, c.name)
                : NOTICE.paused(kind, c.name),
          link: paths.campaign.setup(c.id),
        });
        return status;
      });
      return `Campaign #${c.id} approved: ${DELIVERY_STATUS_LABELS[status] ?? campaignStatusLabel(status)}.`;
    },
  },
  reject: {
    args: '<campaign id> [reason...]',
    help: 'reject a pending campaign; the reason is shown to the advertiser in the notification',
    async run(ctx, [arg, ...words]) {
      const c = await find(ctx, arg);
      const reason = words.join(' ').trim();
      if (c.status === CampaignStatus.Archived || c.status === CampaignStatus.Rejected)
        throw new Error(`Campaign #${c.id} is ${campaignStatusLabel(c.status)}; it cannot be rejected.`);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(campaigns)
          .set({ status: CampaignStatus.Rejected, approvedAt: null, updatedAt: new Date() })
          .where(eq(campaigns.id, c.id));
        await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
        await notify(tx, c.ownerId, {
          type: NotificationType.Error,
          title: 'Campaign rejected',
          message: `Your campaign "${c.name}" was not approved.${reason ? ` Reason: ${reason}` : ''} Please review it or contact your account manager.`,
          link: paths.campaign.setup(c.id),
        });
      });
      return `Campaign #${c.id} rejected${reason ? `: ${reason}` : ''}.`;
    },
  },
  lock: {
    args: '<campaign id>',
    help: 'make a campaign managed: its owner can only change its status',
    async run(ctx, [arg]) {
      const c = await find(ctx, arg);
      await ctx.db.transaction(async (tx) => {
        await tx.update(campaigns).set({ isLocked: true, updatedAt: new Date() }).where(eq(campaigns.id, c.id));
        await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
      });
      return `Campaign #${c.id} locked.`;
    },
  },
  unlock: {
    args: '<campaign id>',
    help: 'give a managed campaign back to its owner',
    async run(ctx, [arg]) {
      const c = await find(ctx, arg);
      await ctx.db.transaction(async (tx) => {
        await tx.update(campaigns).set({ isLocked: false, updatedAt: new Date() }).where(eq(campaigns.id, c.id));
        await emitEvent(tx, { type: 'campaign.changed', campaignId: c.id, ownerId: c.ownerId });
      });
      return `Campaign #${c.id} unlocked.`;
    },
  },
};
