import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@cryptads/contract/dates';
import { perUnitMicros, roasOf } from '@cryptads/contract/money';
import { clickRefusal, currencyAccepted, malformed, valueMicrosOf } from './attribution';

const click = {
  clickId: 'q1Zb6oXW3yq2m0CkqP3xLw',
  at: new Date(0),
  campaignId: 1,
  advertiserId: 7,
  filterReason: null,
};

describe('attribution rules', () => {
  it('refuse in order: no click, another advertiser, filtered, outside the window', () => {
    const opts = { advertiserId: 7, now: DAY_MS, windowDays: 30 };
    expect(clickRefusal(undefined, opts)).toBe('noClick');
    expect(clickRefusal(click, { ...opts, advertiserId: 8 })).toBe('foreignClick');
    expect(clickRefusal({ ...click, filterReason: 'data_centre' }, opts)).toBe('invalidClick');
    expect(clickRefusal(click, { ...opts, now: 30 * DAY_MS })).toBeNull();
    expect(clickRefusal(click, { ...opts, now: 30 * DAY_MS + 1 })).toBe('outsideWindow');
    // The pixel has no advertiser of its own: the click's is the only one.
    expect(clickRefusal(click, { now: 1, windowDays: 1 })).toBeNull();
  });

  it('read values, currencies and the query shape', () => {
    expect(valueMicrosOf(undefined)).toBeUndefined();
    expect(valueMicrosOf('12.5')).toBe(12_500_000n);
    expect(valueMicrosOf('0.000001')).toBe(1n);
    for (const bad of ['-1', '1e3', '1.0000001', 'abc', '1234567890']) expect(valueMicrosOf(bad)).toBeNull();
    expect(currencyAccepted(undefined)).toBe(true);
    expect(currencyAccepted('eur')).toBe(true);
    expect(currencyAccepted('USD')).toBe(false);
    expect(malformed({ click_id: click.clickId, goal: 'signup' })).toBe(false);
    expect(malformed({ click_id: 'short', goal: 'signup' })).toBe(true);
    expect(malformed({ click_id: click.clickId, goal: 'a b' })).toBe(true);
  });

  it('round cost per conversion and ROAS half up from micro-euros', () => {
    expect(perUnitMicros(10_000_000n, 3)).toBe(3_333_333n);
    expect(perUnitMicros(5n, 2)).toBe(3n);
    expect(perUnitMicros(5n, 0)).toBe(0n);
    expect(roasOf(3_500_000n, 1_000_000n)).toBe(3.5);
    expect(roasOf(1_000_000n, 3_000_000n)).toBe(0.33);
    expect(roasOf(2_000_000n, 3_000_000n)).toBe(0.67);
    expect(roasOf(1n, 0n)).toBe(0);
  });
});
