import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES as M, type UploadResponse } from '@cryptads/contract/campaigns';
import { campaignDrafts, creatives, uploads } from '../../db/schema/campaigns';
import { cleanupJob } from '../../jobs/cleanup';
import { encodeGif, encodeGreyJpeg, noisePng } from '../../lib/image-encode';
import { body, loginAs } from '../../testing/helpers';
import { itOnPostgres } from '../../testing/postgres-only';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCampaign, pngDataUrl, tempDataDir, testPng } from './test-helpers';

const dataUrl = (bytes: Buffer, mime: string) => `data:${mime};base64,${bytes.toString('base64')}`;
const cut = (b: Buffer, share: number) => Buffer.from(b.subarray(0, Math.floor(b.length * share)));

async function withApp(env: Record<string, string>, fn: (app: TestApp, dir: string) => Promise<void>) {
  const dir = tempDataDir();
  const app = await createTestApp({ DATA_DIR: dir, ...env });
  try {
    await fn(app, dir);
  } finally {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

const post = (app: TestApp, headers: Record<string, string>, bytes: Buffer, mime = 'image/png', name = 'b.png') =>
  app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers,
    payload: { purpose: 'banner', name, data: dataUrl(bytes, mime) },
  });

const rowsOf = async (app: TestApp, ownerId: number) =>
  app.ctx.db.select().from(uploads).where(eq(uploads.ownerId, ownerId));

describe('truncated images (valid header, data cut short)', () => {
  let app: TestApp;
  let dir: string;
  let advertiser: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    dir = tempDataDir();
    app = await createTestApp({ DATA_DIR: dir });
    advertiser = await loginAs(app, 'advertiser');
  });
  afterAll(async () => {
    await app.closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['PNG', () => noisePng(300, 250), 'image/png', 'b.png'],
    ['JPEG', () => encodeGreyJpeg(728, 90), 'image/jpeg', 'b.jpg'],
    ['GIF', () => encodeGif(320, 50), 'image/gif', 'b.gif'],
  ] as const)(
    'refuses a %s cut to nine tenths with a clear 400 and stores nothing',
    async (_type, make, mime, name) => {
      const whole = make();
      const res = await post(app, advertiser.headers, cut(whole, 0.9), mime, name);
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe(M.damagedImage);
      expect(await rowsOf(app, advertiser.user.id)).toHaveLength(0);
      // The same file whole is accepted.
      expect((await post(app, advertiser.headers, whole, mime, name)).statusCode).toBe(200);
      await app.ctx.db.delete(uploads).where(eq(uploads.ownerId, advertiser.user.id));
    },
  );
});

describe('upload quota and rate per account', () => {
  it('refuses the file beyond the count quota with 409 and its message, per account', async () => {
    await withApp({ UPLOAD_QUOTA_FILES: '2' }, async (app) => {
      const a = await loginAs(app, 'advertiser');
      const b = await loginAs(app, 'advertiser');
      expect((await post(app, a.headers, testPng(300, 250))).statusCode).toBe(200);
      expect((await post(app, a.headers, testPng(300, 250, 9))).statusCode).toBe(200);
      const third = await post(app, a.headers, testPng(300, 250, 10));
      expect(third.statusCode).toBe(409);
      expect(body(third).reason).toBe(M.uploadQuotaFiles(2));
      expect(body(third).reason).toBe(
        'You have reached the limit of 2 uploaded files. Please use or remove some of your uploads first.',
      );
      expect(await rowsOf(app, a.user.id)).toHaveLength(2);
      // Another account has its own quota.
      expect((await post(app, b.headers, testPng(300, 250))).statusCode).toBe(200);
    });
  });

  it('refuses the file that would pass the byte quota', async () => {
    await withApp({ UPLOAD_QUOTA_MB: '1' }, async (app) => {
      const a = await loginAs(app, 'advertiser');
      const big = (seed: number) => noisePng(300, 250, seed); // about 225 KB, incompressible
      let stored = 0;
      for (let seed = 1; seed <= 4; seed++) {
        const file = big(seed);
        expect((await post(app, a.headers, file)).statusCode).toBe(200);
        stored += file.length;
      }
      expect(stored).toBeLessThan(1_000_000);
      const over = await post(app, a.headers, big(5));
      expect(stored + big(5).length).toBeGreaterThan(1_000_000);
      expect(over.statusCode).toBe(409);
      expect(body(over).reason).toBe(M.uploadQuotaBytes(1));
    });
  });

  it('refuses uploads beyond the hourly rate with 429 and Retry-After; older ones do not count', async () => {
    await withApp({ UPLOAD_RATE_PER_HOUR: '2' }, async (app) => {
      const a = await loginAs(app, 'advertiser');
      expect((await post(app, a.headers, testPng(300, 250))).statusCode).toBe(200);
      expect((await post(app, a.headers, testPng(300, 250, 9))).statusCode).toBe(200);
      const third = await post(app, a.headers, testPng(300, 250, 10));
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBe('3600');
      expect(body(third).reason).toBe('You can upload at most 2 files per hour. Please try again later.');
      // An hour later the same account may upload again.
      await app.ctx.db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
        .where(eq(uploads.ownerId, a.user.id));
      expect((await post(app, a.headers, testPng(300, 250, 10))).statusCode).toBe(200);
    });
  });

  itOnPostgres('holds the quota under a burst of concurrent uploads', async () => {
    await withApp({ UPLOAD_QUOTA_FILES: '3', UPLOAD_RATE_PER_HOUR: '1000' }, async (app) => {
      const a = await loginAs(app, 'advertiser');
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => post(app, a.headers, testPng(300, 250, i + 1))),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(27);
      expect(await rowsOf(app, a.user.id)).toHaveLength(3);
    });
  });
});

describe('storage order and cleanup', () => {
  it('writes the file only after its row is committed, and removes both when the write fails', async () => {
    await withApp({}, async (app, dir) => {
      const a = await loginAs(app, 'advertiser');
      const storage = app.ctx.storage;
      const seenAtPut: number[] = [];
      app.ctx.storage = {
        ...storage,
        put: async (key, bytes) => {
          seenAtPut.push((await app.ctx.db.select().from(uploads).where(eq(uploads.storageKey, key))).length);
          return storage.put(key, bytes);
        },
      };
      try {
        expect((await post(app, a.headers, testPng(300, 250))).statusCode).toBe(200);
        expect(seenAtPut).toEqual([1]);

        app.ctx.storage = {
          ...storage,
          put: async (key, bytes) => {
            await storage.put(key, bytes.subarray(0, 10)); // a partial write, then the disk fails
            throw new Error('ENOSPC: no space left on device');
          },
        };
        const failed = await post(app, a.headers, testPng(300, 250, 9));
        expect(failed.statusCode).toBe(500);
        const rows = await rowsOf(app, a.user.id);
        expect(rows).toHaveLength(1);
        const { readdirSync } = await import('node:fs');
        expect(readdirSync(path.join(dir, 'uploads'))).toEqual([rows[0]?.storageKey]);
      } finally {
        app.ctx.storage = storage;
      }
    });
  });

  it('deletes unattached uploads after UPLOAD_UNATTACHED_HOURS, rows and files, keeping used ones', async () => {
    await withApp({ UPLOAD_UNATTACHED_HOURS: '24' }, async (app, dir) => {
      const a = await loginAs(app, 'advertiser');
      const up = async (shade: number) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: a.headers,
          payload: { purpose: 'banner', name: 'x.png', data: pngDataUrl(testPng(300, 250, shade)) },
        });
        return body<UploadResponse>(res).response;
      };
      const orphan = await up(1);
      const inDraft = await up(2);
      const recent = await up(3);
      const campaignId = await createCampaign(app, a.headers, 'display');
      const [creative] = await app.ctx.db.select().from(creatives).where(eq(creatives.campaignId, campaignId));
      await app.ctx.db.insert(campaignDrafts).values({
        ownerId: a.user.id,
        kind: 'display',
        data: { activeStep: 2, creatives: [{ resource: inDraft.resource, name: 'x.png' }] },
      });
      const old = new Date(Date.now() - 25 * 3_600_000);
      const aged = [orphan.resource, inDraft.resource, creative?.uploadId as string];
      await app.ctx.db.update(uploads).set({ createdAt: old }).where(inArray(uploads.id, aged));
      const fileOf = (url: string) => path.join(dir, 'uploads', url.replace('/uploads/', ''));
      expect(existsSync(fileOf(orphan.url))).toBe(true);

      await cleanupJob.run(app.ctx);

      const left = (await rowsOf(app, a.user.id)).map((r) => r.id).sort();
      expect(left).toEqual([inDraft.resource, recent.resource, creative?.uploadId].sort());
      expect(existsSync(fileOf(orphan.url))).toBe(false);
      expect(existsSync(fileOf(inDraft.url))).toBe(true);
      expect((await app.inject({ method: 'GET', url: orphan.url })).statusCode).toBe(404);
    });
  });
});
