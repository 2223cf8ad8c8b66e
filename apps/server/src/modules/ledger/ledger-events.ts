import type { AppContext } from '../../context';
import { type EventHandler, on } from '../events/worker';
import { reactivateFundedCampaigns } from './ledger.service';

/** Money in: campaigns stopped for lack of funds deliver again (docs/decisions/010-domain-events.md). */
export function ledgerEventHandlers(ctx: Pick<AppContext, 'db'>): EventHandler[] {
  return [
    on('balance.credited', 'reactivate-campaigns', async (e) => {
      await ctx.db.transaction((tx) => reactivateFundedCampaigns(tx, e.userId));
    }),
  ];
}
