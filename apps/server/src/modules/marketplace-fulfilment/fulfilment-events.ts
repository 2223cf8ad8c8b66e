import { and, eq, sql } from 'drizzle-orm';
import { formatLongDay } from '@cryptads/contract/dates';
import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import type { EventOf } from '../events/events';
import { type EventHandler, on } from '../events/worker';
import { type NewNotification, NotificationType, notify } from '../notifications/notify';
import { type LoadedItem, loadItem, payoutMicros } from './item-view';

/**
 * Who is told what when a paid item moves on (decision 010: after commit, never inside the
 * money's transaction). The buyer hears of each step of their item, the seller of the money
 * (completed, the buyer's approval) and of deadlines missed or proof pages that broke.
 */

type Notice = { userId: number; notice: NewNotification };
type Event = EventOf<'marketplace.item.changed'>;

const euros = (micros: bigint) => formatEuros(microsToEuros(micros));
const day = (d: Date | null) => (d ? `${formatLongDay(d)} (UTC)` : 'soon');

/** The notices of one step, read from the item as it is now (the event may be delivered late or twice). */
export function noticesFor(
  e: Event,
  { item, order, listing }: LoadedItem,
  config: Pick<AppContext['config'], 'marketplace'>,
) {
  const title = `"${listing.title}"`;
  const buyer = (type: NewNotification['type'], heading: string, message: string): Notice => ({
    userId: order.buyerId,
    notice: { type, title: heading, message, link: paths.marketplace.order(order.unique) },
  });
  const seller = (type: NewNotification['type'], heading: string, message: string): Notice[] =>
    item.sellerId === null
      ? []
      : [{ userId: item.sellerId, notice: { type, title: heading, message, link: paths.marketplace.incomingOrders } }];
  const check = item.proofCheck;
  const paid = euros(payoutMicros(item, config));
  switch (e.step) {
    case 'accepted':
      return [
        buyer(
          NotificationType.Success,
          'Order item accepted',
          `The seller accepted ${title} of order ${order.unique} and will deliver it by ${day(item.deliverBy)}.`,
        ),
      ];
    case 'delivered': {
      const found = check?.broken
        ? `Our check of the page found a problem: ${check.problem} It will not complete on its own: approve it if you are satisfied, or contact support.`
        : `Our check found the page${check?.linksToTarget ? ` with your link${check.rel ? ` (${check.rel})` : ''}` : ''}. Approve it, or it completes on its own on ${day(item.completeBy)}.`;
      return [
        buyer(
          check?.broken ? NotificationType.Error : NotificationType.Success,
          'Order item delivered',
          `${title} of order ${order.unique} was delivered: ${item.proofUrl}. ${found}`,
        ),
      ];
    }
    case 'denied':
      return [
        buyer(
          NotificationType.Error,
          'Order item denied',
          `${title} of order ${order.unique} was denied: ${item.denyReason} ${euros(item.refundedMicros ?? 0n)} is back in your balance.`,
        ),
        // A seller who denied knows it; one whose item our team settled for the buyer is told.
        ...(e.by === 'operator'
          ? seller(
              NotificationType.Error,
              'Order item refunded',
              `Our team refunded the buyer of ${title} of order ${order.unique}: ${item.denyReason}`,
            )
          : []),
      ];
    case 'expired':
      return [
        buyer(NotificationType.Error, 'Order item expired', `${title} of order ${order.unique}: ${item.denyReason}`),
        ...seller(
          NotificationType.Error,
          'Order item expired',
          `${title} of order ${order.unique} was not ${item.acceptedAt ? 'delivered' : 'accepted'} in time; the buyer was refunded.`,
        ),
      ];
    case 'completed': {
      const how =
        e.by === 'buyer'
          ? 'The buyer approved'
          : e.by === 'operator'
            ? 'Our team completed'
            : "The buyer's review window is over for";
      return [
        ...seller(
          NotificationType.Success,
          'Sale completed',
          `${how} ${title} of order ${order.unique}. ${paid} was added to your balance.`,
        ),
        ...(e.by === 'buyer'
          ? []
          : [
              buyer(
                NotificationType.Success,
                'Order item completed',
                `${title} of order ${order.unique} is complete${e.by === 'timer' ? ': your review window is over' : ''}.`,
              ),
            ]),
      ];
    }
    case 'proof-broken': {
      const problem = `Our daily check of the proof page of ${title} (order ${order.unique}) found a problem: ${check?.problem ?? 'the page is not as delivered.'}`;
      return [
        buyer(NotificationType.Error, 'Proof page problem', `${problem} The item will not complete on its own.`),
        ...seller(
          NotificationType.Error,
          'Proof page problem',
          `${problem} Fix the page, or deliver again with the address of a page that shows the placement.`,
        ),
      ];
    }
  }
}

/**
 * A notice is written once per user and text, whatever the retries: under an advisory lock on
 * the item and step, and only if the same notice is not there yet.
 */
async function tell(tx: Tx, e: Event, { userId, notice }: Notice) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`item-notice:${e.itemId}:${e.step}:${userId}`}, 0))`,
  );
  const [already] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.title, notice.title),
        eq(notifications.message, notice.message),
      ),
    )
    .limit(1);
  if (!already) await notify(tx, userId, notice);
}

export function fulfilmentEventHandlers(ctx: Pick<AppContext, 'db' | 'config'>): EventHandler[] {
  return [
    on('marketplace.item.changed', 'marketplace-item-notices', async (e) => {
      const loaded = await loadItem(ctx.db, e.itemId);
      if (!loaded) return;
      const notices = noticesFor(e, loaded, ctx.config);
      await ctx.db.transaction(async (tx) => {
        for (const n of notices) await tell(tx, e, n);
      });
    }),
  ];
}
