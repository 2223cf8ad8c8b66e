import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatEuros, microsToEuros } from '@cryptads/contract/money';
import { marketplaceOrderItems as items } from '../../db/schema/marketplace';
import { users } from '../../db/schema/users';
import { loadItems } from '../../modules/marketplace-fulfilment/item-view';
import {
  acceptItem,
  completeItemByOperator,
  deliverItem,
  denyItem,
} from '../../modules/marketplace-fulfilment/lifecycle';
import type { OperatorCommand } from '../types';

/**
 * Marketplace items (docs/decisions/018-marketplace.md): the network fulfils its own listings
 * from here (accept, deliver, deny: the same service functions as a seller's endpoints), and
 * settles a disputed item of any seller (complete, refund), e.g. one whose proof check failed.
 */

function itemId(value: string | undefined) {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new Error('Give the item id (see `marketplace items`).');
  return id;
}

const amount = (micros: bigint) => formatEuros(microsToEuros(micros));
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');
const network = { kind: 'operator' } as const;
const arbitration = { kind: 'operator', arbitration: true } as const;

export const marketplaceCommands: Record<string, OperatorCommand> = {
  items: {
    args: '[--open]',
    help: 'list paid marketplace items, newest first (--open: pending, accepted and delivered only)',
    async run(ctx, args) {
      const open = args.includes('--open');
      const rows = await loadItems(
        ctx.db,
        and(isNotNull(items.holdId), open ? inArray(items.state, ['pending', 'accepted', 'delivered']) : undefined),
        { orderBy: [sql`${items.id} desc`], limit: 200 },
      );
      if (rows.length === 0) return open ? 'No open items.' : 'No paid items.';
      const sellerIds = [...new Set(rows.flatMap((r) => (r.item.sellerId === null ? [] : [r.item.sellerId])))];
      const sellers = sellerIds.length
        ? await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, sellerIds))
        : [];
      const emailOf = new Map(sellers.map((s) => [s.id, s.email]));
      return rows
        .map(({ item, order, listing }) => {
          const next =
            item.state === 'pending'
              ? `accept by ${day(item.acceptBy)}`
              : item.state === 'accepted'
                ? `deliver by ${day(item.deliverBy)}`
                : item.state === 'delivered'
                  ? `completes ${day(item.completeBy)}${item.proofCheck?.broken ? ` (proof broken: ${item.proofCheck.problem})` : ''}`
                  : '';
          const seller = item.sellerId === null ? 'network' : (emailOf.get(item.sellerId) ?? `user ${item.sellerId}`);
          return `#${item.id}  ${item.state.padEnd(9)}  ${amount(item.priceMicros).padStart(10)}  order ${order.unique}  "${listing.title}"  seller ${seller}${next ? `  ${next}` : ''}`;
        })
        .join('\n');
    },
  },
  accept: {
    args: '<itemId>',
    help: 'accept a pending item of a network listing',
    async run(ctx, [id]) {
      const { item } = await acceptItem(ctx, network, itemId(id));
      return `Item #${item.id} accepted; deliver it by ${day(item.deliverBy)}.`;
    },
  },
  deliver: {
    args: '<itemId> <proofUrl> [YYYY-MM-DD]',
    help: 'deliver an accepted item of a network listing with the published page (the page is checked)',
    async run(ctx, [id, proofUrl, deliveryDate]) {
      if (!proofUrl || !/^https?:\/\/\S+$/i.test(proofUrl))
        throw new Error('Give the address of the published page (http:// or https://).');
      if (deliveryDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(deliveryDate))
        throw new Error('Give the publication day as YYYY-MM-DD.');
      const { item } = await deliverItem(ctx, network, itemId(id), { proofUrl, deliveryDate });
      const check = item.proofCheck;
      return `Item #${item.id} delivered (${item.deliveryDate}); it completes ${day(item.completeBy)} unless the buyer approves first.${
        check?.broken ? `\nThe proof check found a problem: ${check.problem}` : ''
      }`;
    },
  },
  deny: {
    args: '<itemId> <reason...>',
    help: 'deny a pending or accepted item of a network listing; the buyer is refunded and reads the reason',
    async run(ctx, [id, ...words]) {
      const reason = words.join(' ').trim();
      if (!reason) throw new Error('Give the reason (the buyer reads it).');
      const { item } = await denyItem(ctx, network, itemId(id), reason);
      return `Item #${item.id} denied; ${amount(item.refundedMicros ?? 0n)} is back in the buyer's balance.`;
    },
  },
  complete: {
    args: '<itemId>',
    help: 'settle a delivered item of any seller as done (e.g. a proof check that is wrong): the seller is paid',
    async run(ctx, [id]) {
      const { item } = await completeItemByOperator(ctx, itemId(id));
      return `Item #${item.id} completed (commission ${item.commissionPercent} %).`;
    },
  },
  refund: {
    args: '<itemId> <reason...>',
    help: 'settle an open or delivered item of any seller for the buyer: denied and refunded',
    // Two-operator rule (docs/decisions/032): the item's price, while it can still be refunded.
    async amount(ctx, [id]) {
      const n = Number(id);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      const [row] = await ctx.db
        .select({ priceMicros: items.priceMicros, state: items.state })
        .from(items)
        .where(eq(items.id, n));
      return row && ['pending', 'accepted', 'delivered'].includes(row.state) ? row.priceMicros : null;
    },
    async run(ctx, [id, ...words]) {
      const reason = words.join(' ').trim();
      if (!reason) throw new Error('Give the reason (buyer and seller read it).');
      const { item } = await denyItem(ctx, arbitration, itemId(id), reason);
      return `Item #${item.id} refunded; ${amount(item.refundedMicros ?? 0n)} is back in the buyer's balance.`;
    },
  },
};
