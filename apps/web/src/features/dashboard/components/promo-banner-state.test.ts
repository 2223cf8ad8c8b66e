import { beforeEach, describe, expect, it } from 'vitest';
import {
  cookieStorage,
  dismissPromo,
  isPromoVisible,
  PROMO_RESHOW_MS,
  PROMO_WINDOW_MS,
  promoStorageKey,
  seePromo,
} from './promo-banner-state';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

describe('promotional banner window', () => {
  beforeEach(() => window.localStorage.clear());

  it('uses a 7-day window and a 24-hour re-show from the contract limits', () => {
    expect(PROMO_WINDOW_MS).toBe(7 * 24 * HOUR);
    expect(PROMO_RESHOW_MS).toBe(24 * HOUR);
  });

  it('shows on first sight and remembers when that was', () => {
    expect(seePromo(window.localStorage, 'u1', T0)).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(promoStorageKey('u1')) ?? '{}')).toEqual({
      firstSeen: T0,
      dismissedAt: null,
    });
    // Seeing it again later does not move the start of the window.
    seePromo(window.localStorage, 'u1', T0 + 3 * 24 * HOUR);
    expect(JSON.parse(window.localStorage.getItem(promoStorageKey('u1')) ?? '{}').firstSeen).toBe(T0);
  });

  it('stops showing once 7 days have passed since the first sight', () => {
    seePromo(window.localStorage, 'u1', T0);
    expect(seePromo(window.localStorage, 'u1', T0 + PROMO_WINDOW_MS - 1)).toBe(true);
    expect(seePromo(window.localStorage, 'u1', T0 + PROMO_WINDOW_MS)).toBe(false);
  });

  it('hides after a dismissal and shows again 24 hours later', () => {
    seePromo(window.localStorage, 'u1', T0);
    dismissPromo(window.localStorage, 'u1', T0 + HOUR);
    expect(seePromo(window.localStorage, 'u1', T0 + 2 * HOUR)).toBe(false);
    expect(seePromo(window.localStorage, 'u1', T0 + HOUR + PROMO_RESHOW_MS - 1)).toBe(false);
    expect(seePromo(window.localStorage, 'u1', T0 + HOUR + PROMO_RESHOW_MS)).toBe(true);
  });

  it('does not re-show after the window closed, even 24 hours after a dismissal', () => {
    const dismissedAt = T0 + PROMO_WINDOW_MS - 2 * HOUR;
    expect(isPromoVisible({ firstSeen: T0, dismissedAt }, dismissedAt + PROMO_RESHOW_MS)).toBe(false);
  });

  it('keeps one record per user', () => {
    seePromo(window.localStorage, 'u1', T0);
    dismissPromo(window.localStorage, 'u1', T0);
    expect(seePromo(window.localStorage, 'u2', T0 + HOUR)).toBe(true);
    expect(seePromo(window.localStorage, 'u1', T0 + HOUR)).toBe(false);
  });

  it('treats a corrupted record as a first sight', () => {
    window.localStorage.setItem(promoStorageKey('u1'), '{not json');
    expect(seePromo(window.localStorage, 'u1', T0)).toBe(true);
  });
});

describe('the records in their cookie', () => {
  it('keeps each user’s record under its key and writes the cookie back on a change', () => {
    const written: string[] = [];
    const store = cookieStorage(null, (value) => written.push(value));
    expect(seePromo(store, 'ada', 1_000)).toBe(true);
    dismissPromo(store, 'ada', 2_000);
    const again = cookieStorage(written.at(-1) ?? null);
    expect(seePromo(again, 'ada', 3_000)).toBe(false);
    expect(seePromo(again, 'bob', 3_000)).toBe(true);
  });

  it('counts a corrupted cookie as none', () => {
    expect(seePromo(cookieStorage('{not json'), 'ada', 1_000)).toBe(true);
    expect(seePromo(cookieStorage('["a"]'), 'ada', 1_000)).toBe(true);
  });
});
