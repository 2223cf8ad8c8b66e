import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, creatives, uploads } from '../../db/schema/campaigns';
import { users } from '../../db/schema/users';
import { probeImage } from '../../lib/image-probe';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoCampaigns } from './demo-campaigns';
import { tempDataDir } from './test-helpers';
import { loginAs } from '../../testing/helpers';

describe('demo campaigns', () => {
  let app: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir });
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the advertiser campaigns of every kind and several statuses with real images, once', async () => {
    const { user, email } = await loginAs(app, 'advertiser');
    await seedDemoCampaigns(app.ctx, email);
    await seedDemoCampaigns(app.ctx, email);
    const rows = await app.ctx.db.select().from(campaigns).where(eq(campaigns.ownerId, user.id));
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['display', 'native', 'application', 'popunder']));
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.permalink.startsWith(`${r.id},`))).toBe(true);

    const files = await app.ctx.db
      .select({ size: creatives.size, key: uploads.storageKey, width: uploads.width, height: uploads.height })
      .from(creatives)
      .innerJoin(uploads, eq(uploads.id, creatives.uploadId));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const res = await app.inject({ method: 'GET', url: `/uploads/${f.key}` });
      expect(res.statusCode).toBe(200);
      const info = probeImage(res.rawPayload);
      expect(info).toMatchObject({ type: 'png', width: f.width, height: f.height });
      expect(res.rawPayload.length).toBeLessThan(300_000);
    }
    const [owner] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(owner).toBeTruthy();
  });
});
