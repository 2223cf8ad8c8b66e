import { describe, expect, it } from 'vitest';
import { ListingSearchSchema } from '@cryptads/contract/marketplace';
import { parseListingsUrl } from './marketplace-search-params';
import { DEFAULT_SEARCH, listingsHref, searchInput, searchParamsOf } from './search-state';

const parse = (query: string) => parseListingsUrl(new URLSearchParams(query));

describe('the URL of Filter Listings', () => {
  it('opens on trending, page 1, without filters', () => {
    expect(parse('')).toEqual(DEFAULT_SEARCH);
  });

  it('reads every filter, the sort, the page and the search text', () => {
    const state = parse(
      'q=bitcoin&category=0&category=3&website=coinjournal.example&language=English&language=German' +
        '&minPrice=50&maxPrice=1500.5&dofollowLinks=YES&gamblingAllowed=NO&indexedArticle=YES&sort=lowtohigh&page=3',
    );
    expect(state).toEqual({
      q: 'bitcoin',
      category: [0, 3],
      website: ['coinjournal.example'],
      language: ['English', 'German'],
      minPrice: 50,
      maxPrice: 1500.5,
      dofollowLinks: 'YES',
      gamblingAllowed: 'NO',
      indexedArticle: 'YES',
      sort: 'lowtohigh',
      page: 3,
    });
    // What the URL holds is a body the API accepts as it is.
    expect(ListingSearchSchema.safeParse(searchInput(state)).success).toBe(true);
  });

  it('falls back to the default for each value the schema refuses', () => {
    expect(parse('sort=cheapest&page=0')).toEqual(DEFAULT_SEARCH);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=99999').page).toBe(1);
    expect(parse('minPrice=-5&maxPrice=cheap')).toEqual(DEFAULT_SEARCH);
    expect(parse('dofollowLinks=maybe&gamblingAllowed=yes')).toEqual(DEFAULT_SEARCH);
    expect(parse(`q=${'x'.repeat(101)}`).q).toBeUndefined();
    expect(parse('q=').q).toBeUndefined();
  });

  it('keeps the known entries of a list, each once, and drops the others', () => {
    expect(parse('category=2&category=12&category=x&category=2&category=').category).toEqual([2]);
    expect(parse('language=Klingon&language=French').language).toEqual(['French']);
    expect(parse('website=&website=a.example').website).toEqual(['a.example']);
  });

  it('refuses a list longer than the API takes instead of cutting it silently', () => {
    const many = Array.from({ length: 51 }, (_, i) => `website=s${i}.example`).join('&');
    expect(parse(many).website).toEqual([]);
  });

  it('writes back what it read, leaving the defaults out', () => {
    const query = 'q=eth&category=1&language=English&minPrice=10&gamblingAllowed=YES&sort=newest&page=2';
    expect(searchParamsOf(parse(query)).toString()).toBe(query);
    expect(searchParamsOf(parse('sort=trending&page=1')).toString()).toBe('');
  });

  it('links to a category’s results on the first page', () => {
    expect(listingsHref({ category: [4] })).toBe('/marketplace/listings/?category=4');
    expect(listingsHref({ q: 'press release' })).toBe('/marketplace/listings/?q=press+release');
    expect(listingsHref()).toBe('/marketplace/listings/');
  });
});
