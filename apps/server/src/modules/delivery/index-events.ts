import type { Bus } from '../../lib/bus';
import { type EventHandler, on } from '../events/worker';
import type { DeliveryEngine } from './engine';
import type { CampaignScope, ZoneScope } from './index-sql';

/**
 * The delivery index learns of changes from domain events, each patching only what it names:
 * a draft saved reads one campaign row and changes nothing, an approval adds one campaign, a
 * paused zone leaves the index (docs/decisions/010-domain-events.md). They run in the process
 * whose worker took the event, which also tells every other delivery process over the bus
 * (docs/decisions/029): each patches its own index at once instead of waiting for its
 * fingerprint check (3 s for campaigns, 15 s for zones), which remains the safety net.
 */

const TOPIC = 'delivery.index';

type Change =
  | { op: 'campaigns'; scope: CampaignScope }
  | { op: 'zones'; scope: ZoneScope }
  | { op: 'blacklist'; ownerId: number }
  | { op: 'balance'; userId: number };

function apply(engine: DeliveryEngine, change: Change): Promise<void> {
  switch (change.op) {
    case 'campaigns':
      return engine.reloadCampaigns(change.scope);
    case 'zones':
      return engine.reloadZones(change.scope);
    case 'blacklist':
      return engine.reloadBlacklist(change.ownerId);
    case 'balance':
      return engine.reloadBalance(change.userId);
  }
}

export function deliveryIndexHandlers(engine: DeliveryEngine, bus?: Pick<Bus, 'publish'>): EventHandler[] {
  // Patched here first (a handler that returns has patched this process), then announced.
  const change = async (c: Change) => {
    await apply(engine, c);
    await bus?.publish(TOPIC, JSON.stringify({ from: engine.origin, ...c }));
  };
  return [
    on('campaign.changed', 'delivery-index', (e) =>
      change({ op: 'campaigns', scope: { campaignIds: [e.campaignId] } }),
    ),
    on('website.changed', 'delivery-index', (e) => change({ op: 'zones', scope: { websiteIds: [e.websiteId] } })),
    on('zone.changed', 'delivery-index', (e) => change({ op: 'zones', scope: { zoneIds: [e.zoneId] } })),
    on('blacklist.changed', 'delivery-index', (e) => change({ op: 'blacklist', ownerId: e.ownerId })),
    on('account.changed', 'delivery-index', async (e) => {
      await change({ op: 'campaigns', scope: { ownerIds: [e.userId] } });
      await change({ op: 'zones', scope: { ownerIds: [e.userId] } });
    }),
    on('balance.credited', 'delivery-index', (e) => change({ op: 'balance', userId: e.userId })),
  ];
}

/**
 * A serving process patches its index with what other processes' workers announce. A failed
 * patch is only logged: the engine's fingerprint check catches up. Returns the unsubscribe.
 */
export function followIndexChanges(
  engine: DeliveryEngine,
  bus: Pick<Bus, 'subscribe'>,
  log?: { error: (o: object, m: string) => void },
): () => void {
  return bus.subscribe(TOPIC, (message) => {
    let parsed: Change & { from?: string };
    try {
      parsed = JSON.parse(message) as Change & { from?: string };
    } catch {
      return;
    }
    if (parsed.from === engine.origin) return;
    apply(engine, parsed).catch((err) => log?.error({ err }, 'delivery index patch from the bus failed'));
  });
}
