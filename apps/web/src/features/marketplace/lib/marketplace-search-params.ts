import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  ListingCategorySchema,
  ListingLanguageSchema,
  ListingSearchSchema,
  YesNoFilterSchema,
} from '@cryptads/contract/marketplace';
import { DEFAULT_SEARCH, type SearchState, searchParamsOf } from './search-state';

/**
 * The URL of /marketplace/listings/ parsed with the contract's search schema
 * (ListingSearchSchema, the body the API parses): what a person bookmarks or shares is
 * what the server is asked. A value the schema refuses falls back to its default instead of
 * breaking the screen: a bad page is page 1, an unknown sort is trending, an unknown
 * category or language is left out of its list.
 */
const shape = ListingSearchSchema.shape;

const blankToUndefined = (value: unknown) => (value === null || value === '' ? undefined : value);
const toNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  // Number('') is 0 and Number(' 5 ') is 5: only a plain decimal counts as a number here.
  return typeof blank === 'string' && /^\d+(\.\d+)?$/.test(blank.trim()) ? Number(blank) : blank;
};

/** The values of a repeated parameter that `element` accepts, each once, then the list's own limits. */
function listOf<T>(element: z.ZodType<T>, list: z.ZodType<T[] | undefined>) {
  return z
    .array(z.string())
    .transform((values) => {
      const kept = [...new Set(values.flatMap((v) => (element.safeParse(v).success ? [element.parse(v)] : [])))];
      const checked = list.safeParse(kept);
      return checked.success ? (checked.data ?? []) : [];
    })
    .catch([]);
}

const categoryParam = z
  .string()
  .regex(/^\d{1,2}$/)
  .transform(Number)
  .pipe(ListingCategorySchema);

export const ListingsUrlSchema = z.object({
  q: z.preprocess(blankToUndefined, shape.q).catch(undefined),
  category: listOf(categoryParam, shape.category),
  website: listOf(z.string().trim().min(1).max(255), shape.website),
  language: listOf(ListingLanguageSchema, shape.language),
  minPrice: z.preprocess(toNumber, shape.minPrice).catch(undefined),
  maxPrice: z.preprocess(toNumber, shape.maxPrice).catch(undefined),
  dofollowLinks: z.preprocess(blankToUndefined, YesNoFilterSchema.optional()).catch(undefined),
  gamblingAllowed: z.preprocess(blankToUndefined, YesNoFilterSchema.optional()).catch(undefined),
  indexedArticle: z.preprocess(blankToUndefined, YesNoFilterSchema.optional()).catch(undefined),
  sort: z.preprocess(blankToUndefined, shape.sort).catch(DEFAULT_SEARCH.sort),
  page: z.preprocess(toNumber, shape.page).catch(DEFAULT_SEARCH.page),
});

export function parseListingsUrl(params: URLSearchParams): SearchState {
  const parsed = ListingsUrlSchema.parse({
    q: params.get('q'),
    category: params.getAll('category'),
    website: params.getAll('website'),
    language: params.getAll('language'),
    minPrice: params.get('minPrice'),
    maxPrice: params.get('maxPrice'),
    dofollowLinks: params.get('dofollowLinks'),
    gamblingAllowed: params.get('gamblingAllowed'),
    indexedArticle: params.get('indexedArticle'),
    sort: params.get('sort'),
    page: params.get('page'),
  });
  // Optional keys the URL does not set stay absent, so that two equal states compare equal.
  const state: SearchState = { ...DEFAULT_SEARCH };
  for (const [key, value] of Object.entries(parsed)) if (value !== undefined) Object.assign(state, { [key]: value });
  return state;
}

/**
 * The search state of the URL, and `setSearch` that writes a new one (a new history entry,
 * so that Back returns to the previous filters).
 */
export function useListingsSearch() {
  const [params, setParams] = useSearchParams();
  // Keyed by the query text: a new URLSearchParams with the same query keeps the same state.
  const query = params.toString();
  const search = useMemo(() => parseListingsUrl(new URLSearchParams(query)), [query]);
  const setSearch = useCallback(
    (next: SearchState, options: { replace?: boolean } = {}) => setParams(searchParamsOf(next), options),
    [setParams],
  );
  /** The query as it should read: differs from the URL when the URL held something the schema refused. */
  const canonical = searchParamsOf(search).toString();
  return { search, setSearch, canonical, query };
}
