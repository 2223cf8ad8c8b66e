import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebsiteDetail, WebsiteVerification } from '@cryptads/contract/websites';
import { domainEvents } from '../../db/schema/events';
import { zones as zoneTable } from '../../db/schema/websites';
import { websiteCommands, zoneCommands } from '../../operator/commands/websites';
import type { OperatorCommand } from '../../operator/types';
import { body, loginAs } from '../../testing/helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * What the delivery engine and the other listeners hear of websites and zones:
 * each change of status, preferences, verification or alias writes its event in the same
 * transaction.
 */
describe('website and zone events', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let ownerId: number;
  let site: http.Server;
  let siteUrl: string;
  /** What the test site answers at /.well-known/cryptads-verification.txt. */
  let fileToken = '';

  beforeAll(async () => {
    app = await createTestApp({ VERIFY_ALLOW_PRIVATE: '1', VERIFY_TIMEOUT_MS: '400' });
    const publisher = await loginAs(app, 'publisher');
    headers = publisher.headers;
    ownerId = publisher.user.id;
    site = http.createServer((req, res) => {
      const found = req.url === '/.well-known/cryptads-verification.txt' && fileToken;
      res.writeHead(found ? 200 : 404, { 'content-type': 'text/plain' });
      res.end(found ? fileToken : 'not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    site.closeAllConnections();
    await new Promise((done) => site.close(done));
    await app.closeAll();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const TYPES = new Set(['website.changed', 'zone.changed']);

  /** Runs `change` and answers the website and zone events written meanwhile. */
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

  async function ok(res: { statusCode: number; body: string }) {
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  const zonesOf = async (id: number) => body<WebsiteDetail>(await call('GET', `/api/websites/${id}`)).response.zones;
  /** The zones' numeric ids, which the API does not show. */
  const zoneIdsOf = (websiteId: number) =>
    app.ctx.db
      .select({ id: zoneTable.id, unique: zoneTable.unique })
      .from(zoneTable)
      .where(eq(zoneTable.websiteId, websiteId));
  const operator = (commands: Record<string, OperatorCommand>, action: string, arg: number) => {
    const command = commands[action];
    if (!command) throw new Error(`no ${action} command`);
    return command.run(app.ctx, [String(arg)]);
  };

  it('announces a new website, new preferences and a verified ownership', async () => {
    let added: WebsiteVerification | undefined;
    const created = await eventsOf(async () => {
      added = body<WebsiteVerification>(await ok(await call('POST', '/api/websites', { website: siteUrl }))).response;
    });
    const websiteId = added?.id ?? 0;
    const changed = { type: 'website.changed', websiteId, ownerId };
    expect(created).toEqual([changed]);

    expect(
      await eventsOf(async () => ok(await call('PUT', `/api/websites/${websiteId}/preferences`, { categories: [2] }))),
    ).toEqual([changed]);
    expect(
      await eventsOf(async () => ok(await call('PUT', `/api/websites/${websiteId}`, { categories: [3] }))),
    ).toEqual([changed]);

    fileToken = added?.token ?? '';
    expect(await eventsOf(async () => ok(await call('POST', `/api/websites/${websiteId}/verification`)))).toEqual([
      changed,
    ]);
  });

  it('announces each renamed zone', async () => {
    const added = body<WebsiteVerification>(
      await ok(await call('POST', '/api/websites', { website: 'https://aliases.example' })),
    ).response;
    const [first, second] = await zonesOf(added.id);
    if (!first || !second) throw new Error('the website has no zones');
    const zoneIds = await zoneIdsOf(added.id);
    const idOf = (unique: string) => zoneIds.find((z) => z.unique === unique)?.id;
    const events = await eventsOf(async () =>
      ok(
        await call('PUT', `/api/websites/${added.id}`, {
          aliases: { [first.unique]: 'Top banner', [second.unique]: 'Side banner' },
        }),
      ),
    );
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'zone.changed', zoneId: idOf(first.unique), websiteId: added.id },
        { type: 'zone.changed', zoneId: idOf(second.unique), websiteId: added.id },
      ]),
    );
  });

  it("announces the operator's decisions on websites and on zones", async () => {
    const added = body<WebsiteVerification>(
      await ok(await call('POST', '/api/websites', { website: 'https://decisions.example' })),
    ).response;
    const zones = await zoneIdsOf(added.id);
    const changed = { type: 'website.changed', websiteId: added.id, ownerId };

    // Approving activates every pending zone: each one is announced with the website.
    const approved = await eventsOf(() => operator(websiteCommands, 'approve', added.id));
    expect(approved).toHaveLength(zones.length + 1);
    expect(approved).toEqual(
      expect.arrayContaining([
        changed,
        ...zones.map((z) => ({ type: 'zone.changed', zoneId: z.id, websiteId: added.id })),
      ]),
    );
    expect(await eventsOf(() => operator(websiteCommands, 'pause', added.id))).toEqual([changed]);

    const zoneId = zones[0]?.id ?? 0;
    for (const action of ['pause', 'reject', 'approve'] as const)
      expect(await eventsOf(() => operator(zoneCommands, action, zoneId)), action).toEqual([
        { type: 'zone.changed', zoneId, websiteId: added.id },
      ]);
  });
});
