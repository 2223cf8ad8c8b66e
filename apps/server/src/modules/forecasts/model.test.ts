import { describe, expect, it } from 'vitest';
import {
  type Bidder,
  cappingFactor,
  type Draft,
  fillOf,
  forecast,
  formatsOf,
  matches,
  type TrafficCell,
} from './model';

const cell = (over: Partial<TrafficCell> = {}): TrafficCell => ({
  format: 1,
  country: 'DE',
  device: 1,
  os: 'Windows',
  browser: 'Chrome',
  requests: 14_000,
  clicks: 0,
  ...over,
});

const bidder = (over: Partial<Bidder> = {}): Bidder => ({
  kind: 'display',
  trafficType: 0,
  device: 3,
  countries: [],
  excludeFlag: true,
  excludeList: [],
  capping: 0,
  cappingTime: 0,
  cpc: false,
  priceMicros: 1_000_000,
  dailyBudgetMicros: 1_000_000_000,
  impressions: 0,
  clicks: 0,
  ...over,
});
const draft = (over: Partial<Draft> = {}): Draft => ({ ...bidder(), budgetFlag: false, budgetMicros: null, ...over });

describe('forecast model', () => {
  it('maps each kind to the zone formats it fills', () => {
    expect(formatsOf('display', 0)).toEqual([1, 2]);
    expect(formatsOf('display', 1)).toEqual([3, 5]);
    expect(formatsOf('native', 0)).toEqual([4]);
    expect(formatsOf('popunder', 0)).toEqual([0]);
  });

  it('matches countries, device, os and browser; an empty whitelist matches nothing', () => {
    expect(matches(draft({ countries: ['DE'] }), cell())).toBe(true);
    expect(matches(draft({ countries: ['FR'] }), cell())).toBe(false);
    expect(matches(draft({ device: 2 }), cell())).toBe(false);
    expect(matches(draft({ os: ['iOS'] }), cell())).toBe(false);
    expect(matches(draft({ browsers: ['Chrome'] }), cell())).toBe(true);
    expect(matches(draft({ excludeFlag: false, excludeList: [] }), cell())).toBe(false);
    expect(matches(draft({ kind: 'native' }), cell())).toBe(false);
  });

  it('without competitors wins every eligible request, per day', () => {
    const f = forecast(draft(), [], [cell(), cell({ country: 'FR' })], 14);
    expect(f.dailyRequests).toBe(2000);
    expect(f.winRate).toBe(1);
    expect(f.dailyImpressions).toBe(2000);
    // €1 CPM: 2,000 impressions cost €2.
    expect(f.dailySpendMicros).toBe(2_000_000);
    expect(f.limitedBy).toBe('none');
  });

  it('a higher competitor takes the share its budget pays for; a higher bid wins it back', () => {
    // The rival can pay for 500 of the 1,000 daily requests at €2 CPM (€1 a day).
    const rival = bidder({ priceMicros: 2_000_000, dailyBudgetMicros: 1_000_000 });
    expect(fillOf(rival, [cell()], 14)).toBeCloseTo(0.5);
    const low = forecast(draft({ priceMicros: 1_000_000 }), [rival], [cell()], 14);
    expect(low.winRate).toBeCloseTo(0.5);
    expect(low.limitedBy).toBe('auction');
    const tie = forecast(draft({ priceMicros: 2_000_000 }), [rival], [cell()], 14);
    expect(tie.winRate).toBeCloseTo(0.75);
    const high = forecast(draft({ priceMicros: 3_000_000 }), [rival], [cell()], 14);
    expect(high.winRate).toBe(1);
    expect(high.dailyImpressions).toBeGreaterThan(low.dailyImpressions);
  });

  it('a competitor elsewhere does not compete', () => {
    const rival = bidder({ priceMicros: 9_000_000, countries: ['FR'] });
    expect(forecast(draft({ countries: ['DE'] }), [rival], [cell()], 14).winRate).toBe(1);
  });

  it('capping and the daily budget limit the impressions, and the total budget gives the days', () => {
    expect(cappingFactor(0, 0)).toBe(1);
    expect(cappingFactor(1, 86_400)).toBe(0.25);
    expect(cappingFactor(4, 21_600)).toBe(1);
    const capped = forecast(draft({ capping: 1, cappingTime: 86_400 }), [], [cell()], 14);
    expect(capped.dailyImpressions).toBe(250);
    expect(capped.limitedBy).toBe('capping');
    // €0.50 a day at €1 CPM: 500 impressions; a €2 total budget lasts 4 days.
    const budget = forecast(
      draft({ dailyBudgetMicros: 500_000, budgetFlag: true, budgetMicros: 2_000_000 }),
      [],
      [cell()],
      14,
    );
    expect(budget.dailyImpressions).toBe(500);
    expect(budget.dailySpendMicros).toBe(500_000);
    expect(budget.limitedBy).toBe('budget');
    expect(budget.budgetDays).toBe(4);
  });

  it('CPC: clicks from the traffic CTR, spend per click', () => {
    const f = forecast(
      draft({ kind: 'native', cpc: true, priceMicros: 100_000 }),
      [],
      [cell({ format: 4, requests: 14_000, clicks: 140 })],
      14,
    );
    expect(f.dailyClicks).toBeCloseTo(10);
    expect(f.dailySpendMicros).toBeCloseTo(1_000_000);
  });

  it('no history answers zero', () => {
    expect(forecast(draft(), [], [], 0).dailyImpressions).toBe(0);
  });
});
