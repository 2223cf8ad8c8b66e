import { MARKETPLACE_LIMITS } from '@cryptads/contract/marketplace-messages';

/**
 * Recently Viewed (docs/product/marketplace.md#listing-detail): the last 5 listings a person opened, kept per user in
 * local storage, newest first; a listing's page shows the 3 most recent other than itself.
 * Only ids are kept: the cards are read again, so a price or a withdrawn listing is current.
 */
export const recentlyViewedKey = (userKey: string) => `cryptads_recently_viewed:${userKey}`;

const UNIQUE = /^[A-Za-z0-9_-]{1,40}$/;

export function readRecentlyViewed(storage: Storage, userKey: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(recentlyViewedKey(userKey)) ?? '[]');
    // Whatever else another version or a person left there counts as nothing.
    if (!Array.isArray(value)) return [];
    return value
      .filter((v): v is string => typeof v === 'string' && UNIQUE.test(v))
      .slice(0, MARKETPLACE_LIMITS.recentlyViewedKept);
  } catch {
    return [];
  }
}

/** Puts `unique` first (once), keeps 5, and answers the new list. */
export function rememberViewed(storage: Storage, userKey: string, unique: string): string[] {
  const list = [unique, ...readRecentlyViewed(storage, userKey).filter((u) => u !== unique)].slice(
    0,
    MARKETPLACE_LIMITS.recentlyViewedKept,
  );
  try {
    storage.setItem(recentlyViewedKey(userKey), JSON.stringify(list));
  } catch {
    // Storage full or disabled (private mode): the list lives for this page only.
  }
  return list;
}

/** The 3 most recent listings other than the one on screen. */
export const recentlyShown = (list: readonly string[], current: string) =>
  list.filter((u) => u !== current).slice(0, MARKETPLACE_LIMITS.recentlyViewedShown);
