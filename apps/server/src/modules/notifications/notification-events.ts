import type { AppContext } from '../../context';
import { type EventHandler, on } from '../events/worker';
import { notifyIfBalanceLow } from './notifications.service';

/**
 * The low-balance pin follows the balance both ways: pinned by spend, cleared by money in
 * (docs/decisions/010-domain-events.md).
 */
export function notificationEventHandlers(ctx: Pick<AppContext, 'db' | 'config'>): EventHandler[] {
  const balanceLow = (userId: number) =>
    ctx.db.transaction(async (tx) => {
      await notifyIfBalanceLow(tx, userId, ctx.config.balanceLowEuros);
    });
  return [
    on('balance.credited', 'balance-low', (e) => balanceLow(e.userId)),
    on('spend.recorded', 'balance-low', (e) => balanceLow(e.userId)),
  ];
}
