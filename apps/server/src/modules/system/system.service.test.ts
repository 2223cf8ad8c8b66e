import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicConfigSchema } from '@cryptads/contract/system';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { publicConfig } from './system.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    MIN_BID_DISPLAY_REGULAR: '0.35',
    MIN_CPC_NATIVE: '0.07',
    MAX_PRICE: '15',
    REVENUE_SHARE: '0.6',
    DELETION_GRACE_DAYS: '30',
  });
});
afterAll(async () => {
  await app.closeAll();
});

describe('public configuration', () => {
  it('carries the configured bids, revenue share and deletion delay that help texts state', () => {
    const config = PublicConfigSchema.parse(publicConfig(app.ctx));
    expect(config.rules).toEqual({
      minimumBids: { DISPLAY_TYPE_REGULAR: 0.35, DISPLAY_TYPE_PREMIUM: 3, NATIVE: 0.5, APPLICATION: 0.5, POPUNDER: 1 },
      minimumBidsClick: { NATIVE: 0.07 },
      maxPrice: 15,
      revenueShare: 0.6,
      deletionGraceDays: 30,
    });
  });
});
