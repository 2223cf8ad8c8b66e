import { describe, expect, it } from 'vitest';
import { readRecentlyViewed, recentlyShown, recentlyViewedKey, rememberViewed } from './recently-viewed';

describe('recently viewed listings', () => {
  it('keeps the last 5 per user, newest first, each once', () => {
    const storage = window.localStorage;
    for (const unique of ['a', 'b', 'c', 'd', 'e', 'f', 'c']) rememberViewed(storage, 'u1', unique);
    expect(readRecentlyViewed(storage, 'u1')).toEqual(['c', 'f', 'e', 'd', 'b']);
    expect(readRecentlyViewed(storage, 'u2')).toEqual([]);
  });

  it('shows the 3 most recent other than the listing on screen', () => {
    expect(recentlyShown(['c', 'f', 'e', 'd', 'b'], 'c')).toEqual(['f', 'e', 'd']);
    expect(recentlyShown(['c', 'f', 'e', 'd', 'b'], 'e')).toEqual(['c', 'f', 'd']);
    expect(recentlyShown(['c'], 'c')).toEqual([]);
  });

  it('treats whatever else is stored as an empty list', () => {
    const storage = window.localStorage;
    storage.setItem(recentlyViewedKey('u1'), '{"not":"a list"}');
    expect(readRecentlyViewed(storage, 'u1')).toEqual([]);
    storage.setItem(recentlyViewedKey('u1'), 'not json');
    expect(rememberViewed(storage, 'u1', 'x')).toEqual(['x']);
    storage.setItem(recentlyViewedKey('u1'), JSON.stringify(['ok', 42, '<script>', 'fine_1']));
    expect(readRecentlyViewed(storage, 'u1')).toEqual(['ok', 'fine_1']);
  });
});
