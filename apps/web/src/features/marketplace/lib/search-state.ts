import type { ListingFilter, ListingSearchInput } from '@cryptads/contract/marketplace';
import {
  categoryName,
  DEFAULT_LISTING_SORT,
  type ListingLanguage,
  type ListingSort,
} from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { paths } from '@cryptads/contract/paths';

/**
 * The Filter Listings state of docs/product/marketplace.md#search-and-filters (filters, sort, page, and the search text), as
 * the screens hold it and as it travels in the URL of /marketplace/listings/. Parsing a URL
 * (with the contract's schemas) is in marketplace-search-params.ts; this file needs no zod, so
 * the header's search box and the dashboard teaser can link without loading it.
 */
export type YesNo = 'YES' | 'NO';
export type FilterState = {
  q?: string;
  category: number[];
  website: string[];
  language: ListingLanguage[];
  minPrice?: number;
  maxPrice?: number;
  dofollowLinks?: YesNo;
  gamblingAllowed?: YesNo;
  indexedArticle?: YesNo;
};
export type SearchState = FilterState & { sort: ListingSort; page: number };

export const EMPTY_FILTER: FilterState = { category: [], website: [], language: [] };
export const DEFAULT_SEARCH: SearchState = { ...EMPTY_FILTER, sort: DEFAULT_LISTING_SORT, page: 1 };

/** The yes/no filters, with the label their chip and the panel show. */
export const YES_NO_FILTERS = [
  { key: 'dofollowLinks', label: 'Dofollow links' },
  { key: 'gamblingAllowed', label: 'Gambling allowed' },
  { key: 'indexedArticle', label: 'Indexed article' },
] as const satisfies readonly { key: keyof FilterState; label: string }[];

export const filterOf = ({ sort: _sort, page: _page, ...filter }: SearchState): FilterState => filter;

/** The body of POST /marketplace/listings/available: only what is set. */
export function filterInput(filter: FilterState): ListingFilter {
  const input: ListingFilter = {};
  if (filter.q) input.q = filter.q;
  if (filter.category.length > 0) input.category = filter.category;
  if (filter.website.length > 0) input.website = filter.website;
  if (filter.language.length > 0) input.language = filter.language;
  if (filter.minPrice !== undefined) input.minPrice = filter.minPrice;
  if (filter.maxPrice !== undefined) input.maxPrice = filter.maxPrice;
  for (const { key } of YES_NO_FILTERS) if (filter[key]) input[key] = filter[key];
  return input;
}

/** The body of POST /marketplace/listings. */
export const searchInput = (search: SearchState): ListingSearchInput => ({
  ...filterInput(search),
  page: search.page,
  sort: search.sort,
});

/** The query of /marketplace/listings/: lists as repeated parameters, defaults left out. */
export function searchParamsOf(search: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  for (const id of search.category) params.append('category', String(id));
  for (const site of search.website) params.append('website', site);
  for (const language of search.language) params.append('language', language);
  if (search.minPrice !== undefined) params.set('minPrice', String(search.minPrice));
  if (search.maxPrice !== undefined) params.set('maxPrice', String(search.maxPrice));
  for (const { key } of YES_NO_FILTERS) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  if (search.sort !== DEFAULT_LISTING_SORT) params.set('sort', search.sort);
  if (search.page !== 1) params.set('page', String(search.page));
  return params;
}

/** A link to the results of a filter (first page, the default sort unless given). */
export function listingsHref(filter: Partial<SearchState> = {}): string {
  const query = searchParamsOf({ ...DEFAULT_SEARCH, ...filter }).toString();
  return query ? `${paths.marketplace.listings}?${query}` : paths.marketplace.listings;
}

export const hasFilters = (filter: FilterState) => Object.keys(filterInput(filter)).length > 0;

/** One removable chip of the applied filters, and the state without it. */
export type FilterChip = { id: string; label: string; without: FilterState };

const yesNoLabel = (value: YesNo) => (value === 'YES' ? 'Yes' : 'No');

/** The applied filters as chips, in the panel's order. */
export function filterChips(filter: FilterState): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filter.q) chips.push({ id: 'q', label: `Search: “${filter.q}”`, without: { ...filter, q: undefined } });
  for (const id of filter.category)
    chips.push({
      id: `category-${id}`,
      label: categoryName(id),
      without: { ...filter, category: filter.category.filter((c) => c !== id) },
    });
  for (const site of filter.website)
    chips.push({
      id: `website-${site}`,
      label: site,
      without: { ...filter, website: filter.website.filter((w) => w !== site) },
    });
  for (const language of filter.language)
    chips.push({
      id: `language-${language}`,
      label: language,
      without: { ...filter, language: filter.language.filter((l) => l !== language) },
    });
  if (filter.minPrice !== undefined)
    chips.push({
      id: 'minPrice',
      label: `From ${formatEuros(filter.minPrice)}`,
      without: { ...filter, minPrice: undefined },
    });
  if (filter.maxPrice !== undefined)
    chips.push({
      id: 'maxPrice',
      label: `Up to ${formatEuros(filter.maxPrice)}`,
      without: { ...filter, maxPrice: undefined },
    });
  for (const { key, label } of YES_NO_FILTERS) {
    const value = filter[key];
    if (value)
      chips.push({ id: key, label: `${label}: ${yesNoLabel(value)}`, without: { ...filter, [key]: undefined } });
  }
  return chips;
}

const PRICE_FILTER_MAX = 10_000_000;

/**
 * A price as typed ('1,500', '99.5'), or undefined while it is not one. A plain text input
 * rather than Mantine's NumberInput (the filter panel's input), whose formatting library
 * would add 9 KB to the route.
 */
export function parsePrice(text: string): number | undefined {
  const plain = text.replaceAll(',', '').trim();
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(plain)) return undefined;
  const euros = Number(plain);
  // The API's limit (ListingFilterSchema): a larger bound would be refused rather than mean 'any'.
  return euros <= PRICE_FILTER_MAX ? euros : undefined;
}
