import { describe, expect, it } from 'vitest';
import { clearedCostOf } from './money';
import { BidRequestSchema, bannerSizes, zoneOfImp } from './openrtb';

describe('BidRequestSchema', () => {
  it('keeps what bidding reads, drops the rest, and finds the zone in each integration’s place', () => {
    const parsed = BidRequestSchema.parse({
      id: 'r1',
      at: 1,
      imp: [
        {
          id: '1',
          tagid: 'tag',
          ext: { cryptads: { zone: 'a1b2c3d4e5f60718' } },
          banner: { format: [{ w: 300, h: 250 }] },
        },
        {
          id: '2',
          tagid: 'tag',
          ext: { bidder: { zone: 42 } },
          banner: { w: 728, h: 90, format: [{ w: 728, h: 90 }] },
        },
        { id: '3', ext: { prebid: { bidder: { cryptads: { zone: 'z' } } } } },
        { id: '4', tagid: 'only-tag', ext: { bidder: 'not ours', prebid: [1] } },
      ],
      source: { schain: { ver: '1.0' } },
    });
    expect(parsed).not.toHaveProperty('at');
    expect(parsed.imp.map(zoneOfImp)).toEqual(['a1b2c3d4e5f60718', '42', 'z', 'only-tag']);
    expect(parsed.imp.map(bannerSizes)).toEqual([['300x250'], ['728x90'], [], []]);
  });

  it('refuses what it reads in the wrong shape', () => {
    expect(BidRequestSchema.safeParse({ id: 'r', imp: [] }).success).toBe(false);
    expect(BidRequestSchema.safeParse({ id: 'r', imp: [{ id: '1', bidfloor: -1 }] }).success).toBe(false);
    expect(BidRequestSchema.safeParse({ id: 'r', imp: [{ id: '1' }], cur: ['eur'] }).success).toBe(false);
    expect(BidRequestSchema.safeParse({ id: 'r', imp: [{ id: '1' }], regs: { gdpr: 2 } }).success).toBe(false);
  });
});

describe('clearedCostOf', () => {
  it('scales the cost down to a lower clearing price, rounded down, never to zero', () => {
    // 500 µ€ impression, our bid €0.35 CPM, cleared at €0.14: 200 µ€.
    expect(clearedCostOf(500n, 350_000n, 140_000n)).toBe(200n);
    expect(clearedCostOf(500n, 350_000n, 349_999n)).toBe(499n);
    expect(clearedCostOf(500n, 350_000n, 1n)).toBe(1n);
  });

  it('bills the full cost when the price is unknown, not positive, or not below the bid', () => {
    expect(clearedCostOf(500n, 350_000n, null)).toBe(500n);
    expect(clearedCostOf(500n, 350_000n, 0n)).toBe(500n);
    expect(clearedCostOf(500n, 350_000n, 350_000n)).toBe(500n);
    expect(clearedCostOf(500n, 350_000n, 9_990_000n)).toBe(500n);
    expect(clearedCostOf(0n, 350_000n, 100n)).toBe(0n);
  });
});
