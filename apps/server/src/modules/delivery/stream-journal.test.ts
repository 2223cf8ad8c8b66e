import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJournalPositions } from '../../db/schema/delivery-stream';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { tempDataDir } from '../campaigns/test-helpers';
import { ledgerSumOf } from '../ledger/test-helpers';
import { Recorder } from './recorder';
import { JournalStream } from './stream-journal';
import {
  approvedWebsite,
  balanceOf,
  delivery,
  fundedAdvertiser,
  runningCampaign,
  serve,
  streamEvent,
  rawEventCount,
} from './test-helpers';

/**
 * The embedded default's stream (docs/decisions/039-embedded-delivery-journal.md): /serve
 * answers once its event is flushed to the journal; the consumer records from the position the
 * database committed with the previous batch, so a process that died with events unrecorded
 * records them at its next start, each exactly once.
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const OPTIONS = { flushMs: 1, segmentBytes: 64 * 1024 };

describe('the delivery journal stream', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      DATA_DIR: tempDataDir(),
      PUBLIC_URL: 'http://ads.test',
      DELIVERY_FLUSH_MS: '10000',
      IVT_ENABLED: '0',
      DELIVERY_STREAM: 'journal',
    });
  });
  afterAll(async () => {
    await app.closeAll();
  });

  it('/serve answers once its event is in the journal; recording moves the committed position past it', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    await delivery(app).recorder.flush();
    const res = await serve(app, site.banner.unique, { ip: '203.0.113.41' });
    expect(res.statusCode).toBe(200);
    const stream = delivery(app).recorder.consumer?.stream as JournalStream;
    expect(stream.kind).toBe('journal');
    // Answered, not yet recorded (the consumer's timer is 10 s away): it waits in the journal.
    expect(await stream.backlog()).toBe(1);
    expect((await rawEventCount(app, campaignId))?.n).toBe(0);
    await delivery(app).recorder.flush();
    expect(await stream.backlog()).toBe(0);
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 1, distinct: 1 });
    const [row] = rowsOf<{ position: string }>(
      await app.ctx.db.execute(
        sql`select position::text as position from ${deliveryJournalPositions} where journal = 'delivery'`,
      ),
    );
    expect(Number(row?.position)).toBe(stream.journal.end);
  });

  it('a process that died with events unrecorded records them at its next start, each once, to the micro-euro', async () => {
    const adv = await fundedAdvertiser(app, 10);
    const site = await approvedWebsite(app);
    const campaignId = await runningCampaign(app, adv.headers, 'display', {}, { budgetFlag: false });
    const publisherId = site.publisher.user.id;
    const before = await balanceOf(app, adv.user.id);
    const publisherBefore = await ledgerSumOf(app.ctx.db, publisherId);
    // A journal of its own beside the app's, with its own position row name: the app's consumer never reads it.
    const dir = mkdtempSync(path.join(tmpdir(), 'cryptads-journal-stream-'));
    const name = `replay-${randomBytes(4).toString('hex')}`;
    const openNamed = () => JournalStream.open(dir, app.ctx.db, { ...OPTIONS, name });

    // First life: 30 events recorded, then 20 more flushed and the process gone before recording them.
    const first = await openNamed();
    const firstRecorder = new Recorder(app.ctx, {}, undefined, { stream: first });
    for (let i = 0; i < 30; i++)
      expect(await firstRecorder.append(streamEvent('journal', campaignId, adv.user.id, publisherId))).toBe(true);
    await firstRecorder.flush();
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 30, distinct: 30 });
    await first.append(Array.from({ length: 20 }, () => streamEvent('journal', campaignId, adv.user.id, publisherId)));
    await first.journal.close();

    // Second life: replayed from the committed position, the 20 only.
    const second = await openNamed();
    expect(await second.backlog()).toBeGreaterThan(0);
    const secondRecorder = new Recorder(app.ctx, {}, undefined, { stream: second });
    await secondRecorder.flush();
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 50, distinct: 50 });
    await secondRecorder.close();

    // Third life: nothing left, nothing recorded twice.
    const third = await openNamed();
    expect(await third.backlog()).toBe(0);
    const thirdRecorder = new Recorder(app.ctx, {}, undefined, { stream: third });
    await thirdRecorder.flush();
    await thirdRecorder.close();
    expect(await rawEventCount(app, campaignId)).toEqual({ n: 50, distinct: 50 });
    expect(await balanceOf(app, adv.user.id)).toBe(before - 50n * 200n);
    expect((await ledgerSumOf(app.ctx.db, publisherId)) - publisherBefore).toBe(50n * 140n);
  });
});
