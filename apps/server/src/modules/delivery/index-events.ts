import { type EventHandler, on } from '../events/worker';
import type { DeliveryEngine } from './engine';

/**
 * The delivery index learns of changes from domain events, each patching only what it names:
 * a draft saved reads one campaign row and changes nothing, an approval adds one campaign, a
 * paused zone leaves the index (docs/decisions/010-domain-events.md). They run in the process
 * whose worker took the event; other processes notice through the engine's fingerprints.
 */
export function deliveryIndexHandlers(engine: DeliveryEngine): EventHandler[] {
  return [
    on('campaign.changed', 'delivery-index', (e) => engine.reloadCampaigns({ campaignIds: [e.campaignId] })),
    on('website.changed', 'delivery-index', (e) => engine.reloadZones({ websiteIds: [e.websiteId] })),
    on('zone.changed', 'delivery-index', (e) => engine.reloadZones({ zoneIds: [e.zoneId] })),
    on('blacklist.changed', 'delivery-index', (e) => engine.reloadBlacklist(e.ownerId)),
    on('account.changed', 'delivery-index', async (e) => {
      await engine.reloadCampaigns({ ownerIds: [e.userId] });
      await engine.reloadZones({ ownerIds: [e.userId] });
    }),
    on('balance.credited', 'delivery-index', (e) => engine.reloadBalance(e.userId)),
  ];
}
