import { rmSync } from 'node:fs';
import { asc, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '@cryptads/contract/campaigns';
import { domainEvents } from '../../db/schema/events';
import { campaignCommands } from '../../operator/commands/campaigns';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { baseFields, createCampaign, tempDataDir, uploadFile } from './test-helpers';

/**
 * What the delivery engine and the other listeners hear of campaigns: each
 * change that affects what may be served writes one event in its own transaction.
 */
describe('campaign events', () => {
  let app: TestApp;
  let dir: string;
  let headers: Record<string, string>;
  let ownerId: number;

  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir });
    const advertiser = await loginAs(app, 'advertiser');
    headers = advertiser.headers;
    ownerId = advertiser.user.id;
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const TYPES = new Set(['campaign.changed', 'blacklist.changed']);

  /** Runs `change` and answers the campaign and blacklist events written meanwhile. */
  async function eventsOf(change: () => Promise<unknown>) {
    const [last] = await app.ctx.db.select({ id: max(domainEvents.id) }).from(domainEvents);
    await change();
    const rows = await app.ctx.db
      .select()
      .from(domainEvents)
      .where(gt(domainEvents.id, last?.id ?? 0))
      .orderBy(asc(domainEvents.id));
    return rows.filter((r) => TYPES.has(r.type)).map((r) => r.payload);
  }

  /** The call succeeds and writes exactly one campaign.changed for `campaignId`. */
  async function expectChanged(campaignId: number, send: () => Promise<{ statusCode: number; body: string }>) {
    const events = await eventsOf(async () => {
      const res = await send();
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(events).toEqual([{ type: 'campaign.changed', campaignId, ownerId }]);
  }

  it('announces a new campaign and each edit of its fields, exclusion list, creatives and status', async () => {
    let id = 0;
    const created = await eventsOf(async () => {
      id = await createCampaign(app, headers, 'display');
    });
    expect(created).toEqual([{ type: 'campaign.changed', campaignId: id, ownerId }]);

    await expectChanged(id, () => call('PUT', `/api/campaigns/${id}`, { ...baseFields, name: 'Renamed' }));
    await expectChanged(id, () => call('PUT', `/api/campaigns/${id}`, { excludeList: ['1234'] }));

    const banner = await uploadFile(app, headers, 'banner', 728, 90);
    await expectChanged(id, () =>
      call('PUT', `/api/campaigns/${id}/creatives`, { creatives: [{ resource: banner.resource, name: banner.name }] }),
    );
    const detail = body<CampaignDetail>(await call('GET', `/api/campaigns/${id}`)).response;
    const leaderboard = detail.creatives.find((c) => c.size === '728x90');
    const replacement = await uploadFile(app, headers, 'banner', 728, 90);
    await expectChanged(id, () =>
      call('PUT', `/api/campaigns/${id}/creatives/${leaderboard?.id}`, { resource: replacement.resource }),
    );
    await expectChanged(id, () => call('DELETE', `/api/campaigns/${id}/creatives`, { creativeId: leaderboard?.id }));

    await expectChanged(id, () => call('PUT', `/api/campaigns/${id}`, { status: 9 }));
    await expectChanged(id, () => call('POST', `/api/campaigns/${id}/unarchive`));
  });

  it('announces the copy, not the original, when a campaign is duplicated', async () => {
    const id = await createCampaign(app, headers, 'popunder');
    let copy = 0;
    const events = await eventsOf(async () => {
      const res = await call('POST', `/api/campaigns/${id}/duplicate`);
      copy = body<{ id: number }>(res).response.id;
    });
    expect(copy).not.toBe(id);
    expect(events).toEqual([{ type: 'campaign.changed', campaignId: copy, ownerId }]);
  });

  it('announces a new global blacklist', async () => {
    const events = await eventsOf(() => call('PUT', '/api/campaigns/blacklist', ['bad.example']));
    expect(events).toEqual([{ type: 'blacklist.changed', ownerId }]);
  });

  it('says nothing of drafts, sharing, readings and refused changes', async () => {
    const id = await createCampaign(app, headers, 'popunder');
    const events = await eventsOf(async () => {
      await call('PUT', '/api/campaigns/drafts/display', { data: { activeStep: 1 } });
      await call('DELETE', '/api/campaigns/drafts/display');
      await call('POST', `/api/campaigns/${id}/sharing`, { status: true });
      await call('GET', `/api/campaigns/${id}`);
      // Pausing a Pending campaign is refused: its transaction, event included, rolls back.
      expect((await call('PUT', `/api/campaigns/${id}`, { status: 2 })).statusCode).toBe(400);
    });
    expect(events).toEqual([]);
  });

  it("announces the operator's approval, rejection, lock and unlock", async () => {
    const id = await createCampaign(app, headers, 'popunder');
    for (const action of ['approve', 'reject', 'lock', 'unlock'] as const) {
      const command = campaignCommands[action];
      if (!command) throw new Error(`no ${action} command`);
      const events = await eventsOf(() => command.run(app.ctx, [String(id)]));
      expect(events, action).toEqual([{ type: 'campaign.changed', campaignId: id, ownerId }]);
    }
  });
});
