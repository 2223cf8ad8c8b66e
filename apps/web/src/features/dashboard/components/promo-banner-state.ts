import { PROMO_BANNER_RESHOW_HOURS, PROMO_BANNER_WINDOW_DAYS } from '@cryptads/contract/limits';

/**
 * The advertiser's promotional banner (docs/product/account.md#dashboard): stored locally per user, shown for a
 * 7-day window from the first time the person saw it; once dismissed it shows again after
 * 24 hours (still only inside the window).
 */
export type PromoBannerRecord = { firstSeen: number; dismissedAt: number | null };

const HOUR_MS = 3_600_000;
export const PROMO_WINDOW_MS = PROMO_BANNER_WINDOW_DAYS * 24 * HOUR_MS;
export const PROMO_RESHOW_MS = PROMO_BANNER_RESHOW_HOURS * HOUR_MS;

export const promoStorageKey = (userKey: string) => `cryptads_promo_banner:${userKey}`;

export function isPromoVisible(record: PromoBannerRecord, now: number): boolean {
  if (now - record.firstSeen >= PROMO_WINDOW_MS) return false;
  return record.dismissedAt === null || now - record.dismissedAt >= PROMO_RESHOW_MS;
}

function parse(raw: string | null): PromoBannerRecord | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'firstSeen' in value && typeof value.firstSeen === 'number') {
      const dismissedAt = 'dismissedAt' in value && typeof value.dismissedAt === 'number' ? value.dismissedAt : null;
      return { firstSeen: value.firstSeen, dismissedAt };
    }
  } catch {
    // A corrupted record counts as none.
  }
  return null;
}

/** Reads the record, creating it on first sight, and says whether the banner shows now. */
export function seePromo(storage: Pick<Storage, 'getItem' | 'setItem'>, userKey: string, now: number): boolean {
  const key = promoStorageKey(userKey);
  let record = parse(storage.getItem(key));
  if (!record) {
    record = { firstSeen: now, dismissedAt: null };
    storage.setItem(key, JSON.stringify(record));
  }
  return isPromoVisible(record, now);
}

export function dismissPromo(storage: Pick<Storage, 'getItem' | 'setItem'>, userKey: string, now: number) {
  const key = promoStorageKey(userKey);
  const record = parse(storage.getItem(key)) ?? { firstSeen: now, dismissedAt: null };
  storage.setItem(key, JSON.stringify({ ...record, dismissedAt: now }));
}

/**
 * Where the records live: one readable cookie holding each user's record under its key
 * (decision 062), so that the server's HTML of a dashboard shows or leaves out the banner as
 * the browser will, instead of the banner appearing, and the page moving, once the page is
 * hydrated. Kept 400 days, the longest a browser keeps a cookie: the 7-day window counts from
 * the first sight ever, which a shorter life would forget.
 */
export const PROMO_COOKIE = 'cryptads_promo';
export const PROMO_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/**
 * A Storage over the cookie's value (`raw`, as read for this render); `persist` writes the
 * cookie back in the browser (absent on the server, which only reads).
 */
export function cookieStorage(
  raw: string | null,
  persist?: (value: string) => void,
): Pick<Storage, 'getItem' | 'setItem'> {
  let records: Record<string, string> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      records = Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string'));
  } catch {
    // A corrupted cookie counts as none.
  }
  return {
    getItem: (key) => records[key] ?? null,
    setItem: (key, value) => {
      records = { ...records, [key]: value };
      persist?.(JSON.stringify(records));
    },
  };
}
