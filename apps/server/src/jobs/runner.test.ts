import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itOnPostgres } from '../testing/postgres-only';
import { createTestApp, type TestApp } from '../testing/test-app';
import { claimJob, type Job } from './runner';
import { cleanupJob } from './cleanup';

describe('scheduled jobs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.closeAll();
  });

  itOnPostgres('lets only one of two concurrent claims run a job in the same interval', async () => {
    const job: Job = { name: `test-${Date.now()}`, everyMs: 60_000, run: async () => {} };
    const claims = await Promise.all([claimJob(app.ctx, job), claimJob(app.ctx, job)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJob(app.ctx, job)).toBe(false);
  });

  it('runs the cleanup job on a live database without error', async () => {
    await expect(cleanupJob.run(app.ctx)).resolves.toBeUndefined();
  });
});
