import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterChips, filterInput, hasFilters, parsePrice } from './search-state';

describe('applied filters', () => {
  it('shows one chip per applied value, each removing only itself', () => {
    const filter = {
      ...EMPTY_FILTER,
      q: 'defi',
      category: [0, 1],
      language: ['German' as const],
      minPrice: 50,
      maxPrice: 500,
      dofollowLinks: 'YES' as const,
    };
    const chips = filterChips(filter);
    expect(chips.map((c) => c.label)).toEqual([
      'Search: “defi”',
      'Press Release',
      'Sponsored Article',
      'German',
      'From €50.00',
      'Up to €500.00',
      'Dofollow links: Yes',
    ]);
    const pressRelease = chips.find((c) => c.label === 'Press Release');
    expect(pressRelease?.without).toEqual({ ...filter, category: [1] });
    expect(chips.find((c) => c.id === 'maxPrice')?.without.maxPrice).toBeUndefined();
    expect(chips.find((c) => c.id === 'maxPrice')?.without.minPrice).toBe(50);
  });

  it('sends only what is set, and knows when nothing is', () => {
    expect(filterInput(EMPTY_FILTER)).toEqual({});
    expect(hasFilters(EMPTY_FILTER)).toBe(false);
    expect(filterInput({ ...EMPTY_FILTER, website: ['a.example'], indexedArticle: 'NO' })).toEqual({
      website: ['a.example'],
      indexedArticle: 'NO',
    });
  });
});

describe('a price typed into the filter panel', () => {
  it('reads euros with grouping and cents, and nothing else', () => {
    expect(parsePrice('250')).toBe(250);
    expect(parsePrice(' 1,500.50 ')).toBe(1500.5);
    expect(parsePrice('')).toBeUndefined();
    expect(parsePrice('-5')).toBeUndefined();
    expect(parsePrice('12.345')).toBeUndefined();
    expect(parsePrice('1e3')).toBeUndefined();
    expect(parsePrice('10000001')).toBeUndefined();
  });
});
