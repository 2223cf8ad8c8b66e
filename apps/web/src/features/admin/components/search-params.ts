import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE_DEFAULT } from '@cryptads/contract/admin-messages';
import { QUEUE_PAGE_SIZES } from '../lib/queue-params';

/**
 * Filters and the page of a back-office list live in the URL, so a list can be bookmarked
 * and shared; changing a filter goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const askedSize = Number(params.get('pageSize'));
  const pageSize = QUEUE_PAGE_SIZES.includes(askedSize) ? askedSize : ADMIN_PAGE_SIZE_DEFAULT;
  const set = (changes: Partial<Record<K | 'page' | 'pageSize', string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes) as [string, string | undefined][]) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  /** The page, and the page size (a new size comes with page 1, see DataTable's server mode). */
  const setPage = (p: number, size = pageSize) =>
    set({
      page: p > 1 ? String(p) : '',
      pageSize: size === ADMIN_PAGE_SIZE_DEFAULT ? '' : String(size),
    } as Partial<Record<K | 'page' | 'pageSize', string>>);
  /** DataTable's server side of this list: the rows on every page together, and the page in the address. */
  const server = (total: number) => ({
    total,
    page,
    pageSize,
    pageSizes: QUEUE_PAGE_SIZES,
    onPageChange: setPage,
  });
  return { values, page, pageSize, set, setPage, server };
}

/** Drops empty strings, so that the query string carries only the filters in use. */
export function compact<T extends Record<string, string | number | undefined>>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}
